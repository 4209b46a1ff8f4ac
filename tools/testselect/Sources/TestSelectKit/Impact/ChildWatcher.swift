import Foundation
import TestSelectSupport

/// Watches a test process's descendants for the package's instrumented executables, so a child
/// that ends without writing its coverage profile (killed with `SIGKILL`, which no exit handler
/// survives) is noticed: the test's map would lack what that child executed.
///
/// Polls `/proc` every 10 ms while the test runs (Linux only; elsewhere it sees nothing, and a
/// killed child's coverage is lost unseen: README says so). A child living less than one poll is
/// missed; such a child rarely runs long enough to be killed mid-work.
final class ChildWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [pid_t: String] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching `root`'s descendants for any of `executables` (absolute paths); `onSeen` is
    /// told of each as it is first seen.
    init(root: pid_t, executables: [String], onSeen: (@Sendable (pid_t) -> Void)? = nil) {
        #if os(Linux)
            let wanted = Set(executables.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
            guard !wanted.isEmpty else {
                stopped = true
                finished.signal()
                return
            }
            Thread.detachNewThread { [self] in
                while !isStopped {
                    for pid in LoggedProcess.descendants(of: root) where !knows(pid) {
                        guard
                            let exe = try? FileManager.default.destinationOfSymbolicLink(
                                atPath: "/proc/\(pid)/exe"),
                            wanted.contains(exe)
                        else { continue }
                        record(pid, exe)
                        onSeen?(pid)
                    }
                    usleep(10_000)
                }
                finished.signal()
            }
        #else
            stopped = true
            finished.signal()
        #endif
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func knows(_ pid: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return seen[pid] != nil
    }

    private func record(_ pid: pid_t, _ exe: String) {
        lock.lock()
        seen[pid] = exe
        lock.unlock()
    }

    /// Stops watching; returns the instrumented children seen, by process id.
    func stop() -> [pid_t: String] {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped { finished.wait() }
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
