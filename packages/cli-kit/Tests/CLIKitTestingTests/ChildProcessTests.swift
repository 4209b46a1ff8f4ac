import CLIKitTesting
import Foundation
import Testing

/// A child's lines are waited for with a real deadline, whatever the child does.
@Suite struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func returnsTheFirstMatchingLineOfEitherStream() async throws {
        let child = try ChildProcess(
            shell,
            ["-c", "echo starting; echo 'warning: late' >&2; echo 'listening on http://x'; exec sleep 30"])
        #expect(
            try await child.line(containing: "listening on", timeout: .seconds(10)) == "listening on http://x"
        )
        #expect(
            try await child.line(containing: "warning", in: .standardError, timeout: .seconds(10))
                == "warning: late")
        child.signal(SIGTERM)
        #expect(try await child.exit(timeout: .seconds(10)) == .signalled(SIGTERM))
    }

    /// A child that prints nothing does not hold the test past the deadline.
    @Test func theDeadlineHoldsWhenTheChildPrintsNothing() async throws {
        let child = try ChildProcess(shell, ["-c", "exec sleep 30"])
        let started = ContinuousClock.now
        await #expect(throws: ChildProcessError.self) {
            try await child.line(containing: "never", timeout: .milliseconds(300))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(child.isRunning)
    }

    /// A half-written line is not a line yet.
    @Test func aLineWithoutItsNewlineIsNotReturned() async throws {
        let child = try ChildProcess(shell, ["-c", "printf 'listening on'; exec sleep 30"])
        await #expect(throws: ChildProcessError.self) {
            try await child.line(containing: "listening", timeout: .milliseconds(300))
        }
    }

    @Test func aChildThatExitsFirstIsReportedWithWhatItPrinted() async throws {
        let child = try ChildProcess(shell, ["-c", "echo 'cannot bind' >&2; exit 3"])
        do {
            _ = try await child.line(containing: "listening", timeout: .seconds(10))
            Issue.record("no error")
        } catch let error as ChildProcessError {
            guard case .exited(let status, _, _, let errors) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(status == 3)
            #expect(errors == "cannot bind\n")
        }
    }

    @Test func runCollectsBothStreamsAndKillsAChildPastItsTimeout() async throws {
        let done = try await ChildProcess.run(shell, ["-c", "echo out; echo err >&2; exit 2"])
        #expect(done.termination == .exited(2))
        #expect(done.output == "out\n")
        #expect(done.errors == "err\n")
        await #expect(throws: ChildProcessError.self) {
            _ = try await ChildProcess.run(shell, ["-c", "exec sleep 30"], timeout: .milliseconds(300))
        }
    }

    @Test func aMissingExecutableIsNamed() throws {
        #expect(
            throws: ChildProcessError.notBuilt(BuiltProducts.directory.appendingPathComponent("nope").path)
        ) {
            try BuiltProducts.executable("nope")
        }
    }
}
