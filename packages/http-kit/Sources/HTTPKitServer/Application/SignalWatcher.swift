import Foundation
import HTTPKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
/// Calls a handler when the process receives one of some signals, instead of letting the
/// signal's default action kill the process; ``stop()`` restores the default actions.
///
/// The process-wide handler is installed with `sigaction` before `init` returns, so a signal
/// sent the moment after (say, by whoever was just told the server's address) is never lost:
/// the handler writes the signal's number into a pipe, and a thread reading that pipe calls
/// the handlers of every watcher of that signal.
final class SignalWatcher: Sendable {
    private let id: UInt64

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        id = SignalDispatcher.shared.add(signals: signals, handler: handler)
    }

    func stop() {
        SignalDispatcher.shared.remove(id)
    }

    /// The conventional name of a signal, such as `SIGTERM`.
    static func name(of signalNumber: Int32) -> String {
        switch signalNumber {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signalNumber)"
        }
    }
}

/// The write end of the pipe that signal handlers write to; set once, before any handler that
/// uses it is installed, and never closed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The process-wide signal handler: only async-signal-safe work (one `write`, `errno` kept).
private func forwardSignal(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// Owns the signal pipe, its reading thread and the watchers' handlers.
private final class SignalDispatcher: Sendable {
    static let shared = SignalDispatcher()

    private struct Registration {
        let signals: [Int32]
        let handler: @Sendable (Int32) -> Void
    }

    private struct State {
        var nextID: UInt64 = 0
        var registrations: [UInt64: Registration] = [:]
    }

    private let state = Mutex(State())
    private let readEnd: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            // A full pipe must never block a handler; the reader blocks as usual.
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            signalPipeWriteEnd = ends[1]
        }
        readEnd = ends[0]
        let readEnd = self.readEnd
        let thread = Thread { self.readSignals(from: readEnd) }
        thread.name = "http-kit signals"
        if readEnd >= 0 { thread.start() }
    }

    func add(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.registrations[state.nextID] = Registration(signals: signals, handler: handler)
            for signalNumber in signals { Self.install(signalNumber) }
            Self.unblock(signals)
            return state.nextID
        }
    }

    func remove(_ id: UInt64) {
        state.withLock { state in
            guard let removed = state.registrations.removeValue(forKey: id) else { return }
            let stillWatched = Set(state.registrations.values.flatMap(\.signals))
            for signalNumber in removed.signals where !stillWatched.contains(signalNumber) {
                signal(signalNumber, SIG_DFL)
            }
        }
    }

    private static func install(_ signalNumber: Int32) {
        Posix.installSignalHandler(signalNumber, forwardSignal)
    }

    /// Unblocks `signals` in the calling thread. A parent may start the process with them
    /// blocked (a process spawned from a thread that blocks them inherits that mask); a blocked
    /// signal would stay pending forever, so at least this thread must take it.
    private static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private func readSignals(from descriptor: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 {
                let signalNumber = Int32(byte)
                let handlers = state.withLock { state in
                    state.registrations.values.filter { $0.signals.contains(signalNumber) }.map(\.handler)
                }
                for handler in handlers { handler(signalNumber) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
