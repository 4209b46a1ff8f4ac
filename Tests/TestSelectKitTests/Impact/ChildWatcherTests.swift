import Dispatch
import Foundation
import Testing

@testable import TestSelectKit
@testable import TestSelectSupport

/// The recorder's watch for a test's instrumented children (a child killed before it writes its
/// coverage leaves the test without a map).
@Suite struct ChildWatcherTests {
    #if os(Linux)
        @Test func seesAWatchedGrandchildAndNothingElse() throws {
            let sleepPath = try #require(
                ["/bin/sleep", "/usr/bin/sleep"].first(where: FileManager.default.isExecutableFile(atPath:)))
            let watched = URL(fileURLWithPath: sleepPath).resolvingSymlinksInPath().path
            // `sh` runs `sleep` as its child (the `; true` keeps it from exec'ing): a grandchild of
            // nothing but this test, found through the descendants of the shell.
            let process = try LoggedProcess.launch("/bin/sh", ["-c", "sleep 1000; true"], output: nil)
            let seen = DispatchSemaphore(value: 0)
            let watcher = ChildWatcher(root: process.pid, executables: [watched]) { _ in seen.signal() }
            // The event is the watcher's sighting; the bound only keeps a broken watcher from hanging.
            let sighted = seen.wait(timeout: .now() + 120) == .success
            process.terminate(signal: SIGKILL)
            _ = process.wait()
            let children = watcher.stop()
            #expect(sighted)
            #expect(children.count == 1)
            #expect(children.values.first == watched)
        }
    #endif

    @Test func watchingNothingSeesNothing() throws {
        let process = try LoggedProcess.launch("/bin/sh", ["-c", "true"], output: nil)
        let watcher = ChildWatcher(root: process.pid, executables: [])
        _ = process.wait()
        #expect(watcher.stop().isEmpty)
    }
}
