import Foundation
import Synchronization
import TestSelectKit
import TestSelectTestSupport
import Testing

/// `testselect run` stopped by a signal: at once (the moment it announces its first build) and
/// while a test runs. Either way it stops its children, reports the run as interrupted and exits
/// with 130, within seconds.
@Suite(.serialized) struct RunInterruptEndToEndTests {
    static let files: [String: String] = [
        "packages/slow/Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "slow",
            targets: [
                .target(name: "Slow"),
                .testTarget(name: "SlowTests", dependencies: ["Slow"]),
            ]
        )
        """,
        "packages/slow/Sources/Slow/Slow.swift": "public let answer = 42\n",
        "packages/slow/Tests/SlowTests/SlowTests.swift": """
        import Foundation
        import Slow
        import Testing

        @Test func takesItsTime() throws {
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            FileManager.default.createFile(
                atPath: package.appendingPathComponent("test-started").path, contents: Data())
            Thread.sleep(forTimeInterval: 120)
            #expect(answer == 42)
        }

        """,
    ]

    /// Text collected from a pipe as it comes.
    final class Collected: Sendable {
        private let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var value: String { text.withLock { $0 } }
    }

    /// A `testselect run --all` in the background, its output collected as it comes.
    final class BackgroundRun: @unchecked Sendable {
        let process: Process
        private let collectedStdout = Collected()
        private let collectedStderr = Collected()

        init(in directory: String) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: try TestSelectBinary.path())
            process.arguments = ["run", "--all"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = "1"
            process.environment = environment
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            stdout.fileHandleForReading.readabilityHandler = { [collectedStdout] handle in
                collectedStdout.append(handle.availableData)
            }
            stderr.fileHandleForReading.readabilityHandler = { [collectedStderr] handle in
                collectedStderr.append(handle.availableData)
            }
            try process.run()
        }

        var stdout: String { collectedStdout.value }
        var stderr: String { collectedStderr.value }

        /// Waits until `condition` holds, up to `seconds`; whether it did.
        func wait(seconds: Double, until condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition() {
                if Date() > deadline { return false }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return true
        }

        /// Sends `signal`, then waits up to `seconds` for the exit; the status, or `nil` (and the
        /// process killed) when it did not stop.
        func stop(with signal: Int32, within seconds: Double) -> Int32? {
            kill(process.processIdentifier, signal)
            guard wait(seconds: seconds, until: { !process.isRunning }) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.2)  // the last output through the pipes
            return process.terminationStatus
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aSignalStopsTheRunItsChildrenAndExits130() throws {
        try withTemporaryRepository { repo in
            try repo.write(Self.files)
            try repo.commitAll("a package with a slow test")

            // SIGTERM the moment the first build is announced: caught, never lost.
            let early = try BackgroundRun(in: repo.root)
            #expect(early.wait(seconds: 60) { early.stderr.contains("==> packages/slow: building") })
            let earlyStatus = early.stop(with: SIGTERM, within: 20)
            #expect(earlyStatus == 130, "stdout:\n\(early.stdout)\nstderr:\n\(early.stderr)")
            #expect(early.stdout.contains("stopped by an interrupt before finishing: packages/slow"))
            #expect(early.stdout.hasSuffix("0 passed, 0 failed\n"))

            // SIGINT while the slow test runs: its process is stopped too, long before it ends.
            let marker = repo.path("packages/slow/test-started")
            let late = try BackgroundRun(in: repo.root)
            #expect(late.wait(seconds: 180) { FileManager.default.fileExists(atPath: marker) })
            let lateStatus = late.stop(with: SIGINT, within: 20)
            #expect(lateStatus == 130, "stdout:\n\(late.stdout)\nstderr:\n\(late.stderr)")
            #expect(late.stdout.contains("stopped by an interrupt before finishing: packages/slow"))
            let survivors = try SystemProcessRunner().run(
                "/usr/bin/pgrep", ["-f", repo.root + "/packages/slow/.build"], in: repo.root, input: nil)
            #expect(survivors.stdoutText.isEmpty, "still running: \(survivors.stdoutText)")
        }
    }
}
