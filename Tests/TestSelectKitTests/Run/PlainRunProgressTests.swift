import Foundation
import TestSelectKit
import TestSelectTestSupport
import Testing

/// Without a terminal, a long build still shows it is alive.
@Suite struct PlainRunProgressTests {
    @Test func aRunningPackageIsReportedWithTheLastLineOfItsLogUntilItFinishes() async throws {
        try await withTemporaryDirectory { directory in
            let log = directory + "/p.log"
            try "Building for debugging...\n[12/40] Compiling Core Model.swift\n\n".write(
                toFile: log, atomically: true, encoding: .utf8)
            let stream = OutputStream()
            let manual = ManualClock()
            let progress = PlainRunProgress(
                stream: stream, heartbeat: .seconds(10), clock: manual.clock, logPath: { _ in log })
            defer { progress.close() }
            let job = PackageJob(directory: "packages/core", suites: ["CoreTests"])
            progress.update(job, phase: .building)
            // The heartbeat parks on the clock: until it moves, only the phase's own line is there.
            await manual.waitForSleepers(1)
            #expect(stream.text == "==> packages/core: building (swift build --build-tests)\n")

            // A beat runs and parks again before the next one: one more sleeper means it wrote.
            manual.advance(by: .seconds(10))
            await manual.waitForSleepers(1)
            #expect(
                stream.text.hasSuffix(
                    "    packages/core: still building after 10.0s: [12/40] Compiling Core Model.swift\n"))
            manual.advance(by: .seconds(10))
            await manual.waitForSleepers(1)
            #expect(
                stream.text.hasSuffix(
                    "    packages/core: still building after 20.0s: [12/40] Compiling Core Model.swift\n"))

            progress.finished(PackageRunResult(job: job, outcome: .passed, logPath: log))
            let after = stream.text
            manual.advance(by: .seconds(10))
            await manual.waitForSleepers(1)
            #expect(stream.text == after, "nothing is reported once the package finished")
        }
    }

    @Test func closingStopsTheHeartbeat() async {
        let manual = ManualClock()
        let progress = PlainRunProgress(stream: OutputStream(), heartbeat: .seconds(10), clock: manual.clock)
        await manual.waitForSleepers(1)
        progress.close()
        #expect(manual.sleeperCount == 0, "the heartbeat's wait ends when the progress closes")
    }
}
