import Foundation
import TestSelectKit
import TestSelectTestSupport
import Testing

/// Without a terminal, a long build still shows it is alive.
@Suite struct PlainRunProgressTests {
    @Test func aRunningPackageIsReportedWithTheLastLineOfItsLogUntilItFinishes() throws {
        try withTemporaryDirectory { directory in
            let log = directory + "/p.log"
            try "Building for debugging...\n[12/40] Compiling Core Model.swift\n\n".write(
                toFile: log, atomically: true, encoding: .utf8)
            let stream = OutputStream()
            let progress = PlainRunProgress(
                stream: stream, heartbeat: .milliseconds(50), logPath: { _ in log })
            let job = PackageJob(directory: "packages/core", suites: ["CoreTests"])
            progress.update(job, phase: .building)
            let deadline = ContinuousClock.now + .seconds(5)
            while !stream.text.contains("still building"), ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            #expect(stream.text.contains("packages/core: still building after "))
            #expect(stream.text.contains(": [12/40] Compiling Core Model.swift"))
            progress.finished(PackageRunResult(job: job, outcome: .passed, logPath: log))
            Thread.sleep(forTimeInterval: 0.15)
            let after = stream.text
            Thread.sleep(forTimeInterval: 0.2)
            #expect(stream.text == after, "nothing is reported once the package finished")
            progress.close()
        }
    }
}
