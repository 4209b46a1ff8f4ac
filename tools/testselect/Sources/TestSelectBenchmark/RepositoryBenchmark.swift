import Foundation
import TestSelectSupport

/// `testselect-bench repo DIR...`: times selection for a change on real clones.
///
/// For each clone: how its manifests were read (`testselect graph`), then `testselect --base BASE
/// --head HEAD --format json` once cold (the fallback cache under `.build/testselect/manifests/`
/// removed first, so every manifest the static reader cannot read costs SwiftPM) and `runs` times
/// warm; wall and CPU seconds of the child, its peak memory, and what it selected.
public struct RepositoryBenchmark: Sendable {
    /// What one clone measured.
    public struct Result: Sendable {
        public var name: String
        public var packages: Int
        public var readStatically: Int
        public var readBySwiftPM: Int
        public var unreadable: Int
        public var coldSeconds: Double
        public var coldCPUSeconds: Double
        public var warmSeconds: Double
        public var warmCPUSeconds: Double
        public var peakMB: Double
        public var selected: Int
        public var suites: Int

        /// The machine-readable line.
        public var line: String {
            String(
                format:
                    "bench-repo name=%@ packages=%d static=%d swiftpm=%d unreadable=%d cold_s=%.3f cold_cpu_s=%.3f "
                    + "warm_s=%.3f warm_cpu_s=%.3f peak_mb=%.1f selected=%d suites=%d",
                name, packages, readStatically, readBySwiftPM, unreadable, coldSeconds, coldCPUSeconds,
                warmSeconds,
                warmCPUSeconds, peakMB, selected, suites)
        }
    }

    public var testselect: String
    public var base = "HEAD~1"
    public var head = "HEAD"
    public var runs = 5
    let print: @Sendable (String) -> Void

    public init(testselect: String, print: @escaping @Sendable (String) -> Void) {
        self.testselect = testselect
        self.print = print
    }

    public func run(repository: String) throws -> Result {
        let root = URL(fileURLWithPath: repository).standardized.path
        let name = URL(fileURLWithPath: root).lastPathComponent
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-bench-repo-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try? FileManager.default.removeItem(atPath: root + "/.build/testselect/manifests")
        let arguments = ["--repo", root, "--base", base, "--head", head, "--format", "json"]
        let cold = try launch(arguments, log: work + "/cold.json")
        var warm: [ProcessExit] = []
        var last = JSONValue.null
        for _ in 0..<max(1, runs) {
            let (exit, json) = try launchJSON(arguments, log: work + "/warm.json")
            warm.append(exit)
            last = json
        }
        let (_, graph) = try launchJSON(
            ["graph", "--repo", root, "--format", "json"], log: work + "/graph.json")
        var counts = (reader: 0, swiftPM: 0, unreadable: 0)
        let packages = graph["packages"]?.arrayValue ?? []
        for package in packages {
            switch package["package"]?["reader"]?.stringValue {
            case "swiftpm": counts.swiftPM += 1
            case "unreadable": counts.unreadable += 1
            default: counts.reader += 1
            }
        }
        let walls = warm.map(\.seconds).sorted()
        let cpus = warm.map(\.cpuSeconds).sorted()
        let selected = last["selected"]?.arrayValue?.count ?? 0
        let result = Result(
            name: name, packages: packages.count, readStatically: counts.reader,
            readBySwiftPM: counts.swiftPM,
            unreadable: counts.unreadable, coldSeconds: cold.0.seconds, coldCPUSeconds: cold.0.cpuSeconds,
            warmSeconds: walls[walls.count / 2], warmCPUSeconds: cpus[cpus.count / 2],
            peakMB: Double((warm + [cold.0]).map(\.peakMemoryBytes).max() ?? 0) / 1_048_576,
            selected: selected, suites: selected + (last["skipped"]?.arrayValue?.count ?? 0))
        print(
            "\(name): \(result.packages) packages, \(result.readStatically) read statically, "
                + "\(result.readBySwiftPM) by 'swift package dump-package', \(result.unreadable) unreadable; "
                + "\(base)..\(head) selects \(result.selected) of \(result.suites) suites")
        print(
            String(
                format:
                    "  cold: %.3f s wall, %.3f s CPU; warm (median of %d): %.3f s wall, %.3f s CPU; peak %.1f MB",
                result.coldSeconds, result.coldCPUSeconds, warm.count, result.warmSeconds,
                result.warmCPUSeconds,
                result.peakMB))
        print(result.line)
        return result
    }

    private func launch(_ arguments: [String], log: String) throws -> (ProcessExit, String) {
        try? FileManager.default.removeItem(atPath: log)
        let process = try LoggedProcess.launch(testselect, arguments, output: log)
        let exit = process.wait()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard exit.succeeded else { throw BenchmarkError.testselectFailed(status: exit.status, log: text) }
        return (exit, text)
    }

    private func launchJSON(_ arguments: [String], log: String) throws -> (ProcessExit, JSONValue) {
        let (exit, text) = try launch(arguments, log: log)
        // The log holds stdout and stderr; the JSON document is the lines from the first that opens it
        // (warnings are lines of their own, starting with 'testselect:').
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("{") }) else {
            throw BenchmarkError.testselectFailed(status: exit.status, log: text)
        }
        let document = lines[start...].filter { !$0.hasPrefix("testselect:") }.joined(separator: "\n")
        return (exit, try JSONValue.parse(document))
    }
}
