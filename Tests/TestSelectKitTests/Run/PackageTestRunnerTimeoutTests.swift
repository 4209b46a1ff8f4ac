import Foundation
import TestSelectKit
import TestSelectTestSupport
import Testing

/// `--timeout` measured on the runner's clock: a manual clock reaches the limit and the grace
/// period at once, while a real (fake `swift`) process hangs.
@Suite struct PackageTestRunnerTimeoutTests {
    /// A `swift` whose build and listing succeed and whose test step hangs: it starts a child, says
    /// so on `pipe`, and once that child is stopped goes on with another (so that only stopping its
    /// whole process group, after the grace period, ends it).
    static func hangingSwift(in directory: String, pipe: String) throws -> String {
        let path = directory + "/swift"
        let script = """
            #!/bin/sh
            case "$1 $2" in
            "build "*) exit 0 ;;
            "test list") echo 'LibTests.hangs()'; exit 0 ;;
            esac
            sleep 300 &
            echo started > '\(pipe)'
            wait
            sleep 300
            """
        try writeExecutable(script, to: path)
        return path
    }

    /// Runs a job on a thread of its own, started at once (the runner blocks while its processes run).
    static func run(_ runner: PackageTestRunner, _ job: PackageJob) -> ThreadWork<PackageRunResult> {
        ThreadWork { runner.run(job) { _ in } }
    }

    @Test(.timeLimit(.minutes(10)))
    func aHangingTestStepIsStoppedAtTheLimitThenItsGroupAfterTheGracePeriod() async throws {
        try await withTemporaryDirectory { directory in
            let pipe = try NamedPipe(path: directory + "/events")
            let swift = try Self.hangingSwift(in: directory, pipe: pipe.path)
            try FileManager.default.createDirectory(
                atPath: directory + "/logs", withIntermediateDirectories: true)
            let manual = ManualClock()
            let runner = PackageTestRunner(
                swift: swift, root: directory, logDirectory: directory + "/logs", registry: ProcessRegistry(),
                clock: manual.clock, testTimeout: .seconds(30))
            let run = Self.run(runner, PackageJob(directory: ".", suites: ["LibTests"]))

            // A real process: the bound only turns a hang into a failure. Read on a thread of its
            // own, so that the cooperative threads stay free for the timer's task.
            let started = await ThreadWork { pipe.readLine(within: .seconds(60)) }.value
            guard started == "started" else {
                Issue.record("the fake 'swift' never said it started (it said \(started ?? "nothing"))")
                // Past the limit: whatever the fake 'swift' is doing is stopped (the run itself is
                // left to end on its thread, so that a broken run fails this test, not hangs it).
                manual.advance(by: .seconds(3600))
                return
            }
            await manual.waitForSleepers(1)
            manual.advance(by: .seconds(30))
            // The limit stopped the child; the step waits out the grace period on the clock.
            await manual.waitForSleepers(1)
            manual.advance(by: .seconds(10))

            let finished = await run.value
            #expect(finished.outcome == .timedOut)
            #expect(finished.note?.hasPrefix("stopped after 30.0s ('--timeout')") == true)
            #expect(finished.isFailure)
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aStepThatEndsBeforeItsLimitIsNotStopped() async throws {
        try await withTemporaryDirectory { directory in
            let swift = directory + "/swift"
            try writeExecutable(
                "#!/bin/sh\n[ \"$1 $2\" = 'test list' ] && echo 'LibTests.quick()'\nexit 0\n", to: swift)
            try FileManager.default.createDirectory(
                atPath: directory + "/logs", withIntermediateDirectories: true)
            let manual = ManualClock()
            let runner = PackageTestRunner(
                swift: swift, root: directory, logDirectory: directory + "/logs", registry: ProcessRegistry(),
                clock: manual.clock, testTimeout: .seconds(30))
            let finished = await Self.run(runner, PackageJob(directory: ".", suites: ["LibTests"])).value
            #expect(finished.outcome == .passed)
            #expect(finished.note?.contains("--timeout") != true)
            #expect(manual.sleeperCount == 0, "a finished step's timer no longer waits")
        }
    }
}
