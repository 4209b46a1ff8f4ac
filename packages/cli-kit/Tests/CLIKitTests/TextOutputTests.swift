import CLIKit
import Testing

@Suite struct TextOutputTests {
    /// Lines written from many tasks at once stay whole.
    @Test func concurrentLinesDoNotInterleave() async {
        let output = TextOutput()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<200 {
                        output.line("task \(task) line \(line) " + String(repeating: "x", count: 40))
                    }
                }
            }
        }
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 1_600)
        #expect(lines.allSatisfy { $0.hasSuffix(String(repeating: "x", count: 40)) && $0.hasPrefix("task ") })
    }

    @Test func anInMemoryStreamIsATerminalOnlyWhenSaid() {
        #expect(!TextOutput().isTerminal)
        #expect(TextOutput(isTerminal: true).isTerminal)
    }
}

@Suite struct ProcessFiguresTests {
    @Test func memoryAndCPUFiguresAreReadable() {
        let resident = ProcessMemory.resident
        #expect((resident ?? 0) > 1_000_000)
        #expect((ProcessMemory.peak ?? 0) >= (resident ?? 0) / 2)
        #expect(ProcessMemory.format(1_572_864) == "1.5 MiB")
        #expect(ProcessMemory.format(nil) == "n/a")
        #expect(ProcessCPU.seconds > 0)
    }
}
