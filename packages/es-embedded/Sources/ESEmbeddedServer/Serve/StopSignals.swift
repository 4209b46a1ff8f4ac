import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM for the whole life of `es-embedded serve`, the final snapshot included:
/// the first starts a graceful stop, a second is reported and changes nothing (the snapshot in
/// progress goes on), a third exits at once without touching the data files (every acknowledged
/// write is already in the log; a `snapshot.tmp` cut short is removed at the next start).
///
/// Handlers stay installed until the process exits: restoring the default action when the HTTP
/// server stops, before the final snapshot, is what let a second signal (a terminal's SIGINT
/// followed by a script's SIGTERM) kill the engine in the middle of it.
enum StopSignals {
    /// Installs the handlers; `handler` is called (on a thread of its own) with each signal and
    /// how many have arrived so far, for the first two.
    static func install(_ handler: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        stopSignalPipe = ends[1]
        let readEnd = ends[0]
        let thread = Thread {
            unblock()
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    // The byte carries the signal and whether it was the first: the count now
                    // may already include a signal that arrived after this one.
                    handler(Int32(byte & 0x7f), byte & 0x80 == 0 ? 1 : 2)
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "es-embedded stop signals"
        thread.start()
        for number in [SIGINT, SIGTERM] { _ = signal(number, onStopSignal) }
        unblock()
    }

    /// The conventional name of a stop signal.
    static func name(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }

    /// A parent may start the process with these signals blocked; blocked, they would stay
    /// pending forever.
    private static func unblock() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

/// Stop signals received so far.
private let stopSignalCount = Atomic<Int>(0)

/// The write end of the pipe the handler writes to; set before the handler is installed.
nonisolated(unsafe) private var stopSignalPipe: Int32 = -1

/// The process-wide handler: only async-signal-safe work (an atomic add, one `write`, `_exit`).
private func onStopSignal(_ number: Int32) {
    let savedErrno = errno
    let count = stopSignalCount.add(1, ordering: .sequentiallyConsistent).newValue
    if count >= 3 { _exit(128 + number) }
    var byte = UInt8(truncatingIfNeeded: number & 0x7f) | (count == 1 ? 0 : 0x80)
    _ = write(stopSignalPipe, &byte, 1)
    errno = savedErrno
}
