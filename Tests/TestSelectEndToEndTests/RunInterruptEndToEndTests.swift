import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `testselect run` stopped by a signal: at once (the moment it announces its first build) and
/// while a test runs. Either way it stops its children, reports the run as interrupted and exits
/// with 130, long before its slow test would have ended.
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

        #if canImport(Glibc)
            import Glibc
        #elseif canImport(Darwin)
            import Darwin
        #endif

        /// Says it started on the pipe the watching test holds, then runs until that test lets go
        /// of it (at most 10 minutes): only being stopped ends it sooner.
        @Test func takesItsTime() throws {
            let path = try #require(ProcessInfo.processInfo.environment["SLOW_TEST_PIPE"])
            let pipe = open(path, O_WRONLY)
            try #require(pipe >= 0)
            _ = "started\\n".withCString { write(pipe, $0, 8) }
            var watched = pollfd(fd: pipe, events: 0, revents: 0)
            _ = poll(&watched, 1, 600_000)
            #expect(answer == 42)
        }

        """,
    ]

    /// What came through a pipe so far, and whether it ended; waiters are woken as text arrives.
    final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var text = ""
        private var ended = false

        func append(_ data: Data) {
            condition.lock()
            if data.isEmpty { ended = true } else { text += String(decoding: data, as: UTF8.self) }
            condition.broadcast()
            condition.unlock()
        }

        var value: String {
            condition.lock()
            defer { condition.unlock() }
            return text
        }

        /// Waits up to `bound` until `holds(text, ended)`; whether it did.
        func wait(within bound: TimeInterval, until holds: (String, Bool) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: bound)
            condition.lock()
            defer { condition.unlock() }
            while !holds(text, ended) {
                if !condition.wait(until: deadline) { return holds(text, ended) }
            }
            return true
        }
    }

    /// A `testselect run --all` in the background, its output collected as it comes.
    ///
    /// It is a real process that builds a real package, so every wait has a bound; the bounds are
    /// generous (a loaded machine is slow, not broken) and only turn a hang into a failure.
    final class BackgroundRun: @unchecked Sendable {
        let process: Process
        private let collectedStdout = Collected()
        private let collectedStderr = Collected()
        private let exited = Collected()

        init(in directory: String, environment extra: [String: String] = [:]) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: try TestSelectBinary.path())
            process.arguments = ["run", "--all"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = "1"
            process.environment = environment.merging(extra) { $1 }
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            for (pipe, collected) in [(stdout, collectedStdout), (stderr, collectedStderr)] {
                pipe.fileHandleForReading.readabilityHandler = { handle in
                    let data = handle.availableData
                    if data.isEmpty { handle.readabilityHandler = nil }
                    collected.append(data)
                }
            }
            process.terminationHandler = { [exited] _ in exited.append(Data()) }
            try process.run()
        }

        var stdout: String { collectedStdout.value }
        var stderr: String { collectedStderr.value }

        /// Waits up to `seconds` until standard error holds `condition`; whether it did.
        func waitForStderr(within seconds: TimeInterval, until condition: (String) -> Bool) -> Bool {
            collectedStderr.wait(within: seconds) { text, _ in condition(text) }
        }

        /// Sends `signal`, then waits up to `seconds` for the exit and the end of both pipes; the
        /// status, or `nil` (and the process killed) when it did not stop.
        func stop(with signal: Int32, within seconds: TimeInterval) -> Int32? {
            kill(process.processIdentifier, signal)
            guard exited.wait(within: seconds, until: { $1 }) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            // The last output: every byte written before the exit is read once the pipes end.
            for pipe in [collectedStdout, collectedStderr] { _ = pipe.wait(within: 60) { $1 } }
            return process.terminationStatus
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aSignalStopsTheRunItsChildrenAndExits130() throws {
        try withTemporaryRepository { repo in
            try repo.write(Self.files)
            try repo.commitAll("a package with a slow test")

            // SIGTERM the moment the first build is announced: caught, never lost.
            let early = try BackgroundRun(in: repo.root)
            #expect(early.waitForStderr(within: 120) { $0.contains("==> packages/slow: building") })
            let earlyStatus = early.stop(with: SIGTERM, within: 120)
            #expect(earlyStatus == 130, "stdout:\n\(early.stdout)\nstderr:\n\(early.stderr)")
            #expect(early.stdout.contains("stopped by an interrupt before finishing: packages/slow"))
            #expect(early.stdout.hasSuffix("0 passed, 0 failed\n"))

            // SIGINT while the slow test runs: its process is stopped too. The test runs until this
            // one closes the pipe, so any exit before that is testselect stopping it.
            let started = try NamedPipe(
                path: (repo.root as NSString).deletingLastPathComponent + "/slow-test-started")
            let late = try BackgroundRun(in: repo.root, environment: ["SLOW_TEST_PIPE": started.path])
            // The package builds first: minutes on a loaded machine.
            #expect(started.readLine(within: .seconds(300)) == "started")
            let lateStatus = late.stop(with: SIGINT, within: 120)
            #expect(lateStatus == 130, "stdout:\n\(late.stdout)\nstderr:\n\(late.stderr)")
            #expect(late.stdout.contains("stopped by an interrupt before finishing: packages/slow"))
            #expect(started.waitForEnd(within: .seconds(60)), "the slow test still holds its pipe")
            let survivors = try SystemProcessRunner().run(
                "/usr/bin/pgrep", ["-f", repo.root + "/packages/slow/.build"], in: repo.root, input: nil)
            #expect(survivors.stdoutText.isEmpty, "still running: \(survivors.stdoutText)")
            started.close()
        }
    }
}
