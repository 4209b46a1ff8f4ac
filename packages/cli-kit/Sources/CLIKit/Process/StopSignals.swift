import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals that ask a process to stop (SIGINT and SIGTERM unless told otherwise), delivered to a
/// handler instead of ending the process: the one way every executable of the monorepo stops
/// gracefully (an HTTP server finishing in-flight requests, a watch loop finishing its pass, an
/// engine writing its final snapshot).
///
/// ```swift
/// let signals = StopSignals { delivery in
///     log("received \(delivery.name)")
///     if delivery.count == 1 { server.shutdown() }
/// }
/// defer { signals.stop() }
/// ```
///
/// The process-wide handler is installed with `sigaction` before `init` returns, so a signal
/// sent the moment after (by whoever was just told the server's address) is never lost. It does
/// only async-signal-safe work: it counts the signal and writes it into a pipe, from which a
/// thread of its own calls the handlers of every watcher of that signal, in order of arrival.
/// Watchers may overlap (an HTTP server inside a command that also watches); ``stop()`` restores
/// a signal's default action once no watcher is left for it.
public final class StopSignals: Sendable {
    /// SIGINT and SIGTERM.
    public static let standard: [Int32] = [SIGINT, SIGTERM]

    /// One signal as a watcher sees it.
    public struct Delivery: Sendable, Equatable {
        /// The signal's number.
        public var signal: Int32
        /// How many of this watcher's signals had arrived, this one included (1 for the first).
        public var count: Int

        /// The signal's conventional name, such as `SIGTERM`.
        public var name: String { StopSignals.name(of: signal) }

        /// Creates a delivery.
        public init(signal: Int32, count: Int) {
            self.signal = signal
            self.count = count
        }
    }

    /// What this watcher has seen.
    private final class Seen: Sendable {
        let state = Mutex<(count: Int, first: Int32?)>((0, nil))
    }

    private let id: UInt64
    private let seen = Seen()

    /// Starts watching `signals`: from now on they call `handler` (on the signal thread, one
    /// signal at a time) instead of ending the process.
    public init(_ signals: [Int32] = StopSignals.standard, handler: @escaping @Sendable (Delivery) -> Void) {
        let seen = seen
        id = SignalDispatcher.shared.add(signals: signals) { number in
            let count = seen.state.withLock { state in
                state.count += 1
                state.first = state.first ?? number
                return state.count
            }
            handler(Delivery(signal: number, count: count))
        }
    }

    /// Starts watching `signals` with nothing to call: a loop asks ``isRequested``.
    public convenience init(_ signals: [Int32] = StopSignals.standard) {
        self.init(signals) { _ in }
    }

    /// Whether one of the signals has arrived.
    public var isRequested: Bool { seen.state.withLock { $0.first != nil } }

    /// The first signal that arrived, if any.
    public var received: Int32? { seen.state.withLock { $0.first } }

    /// Stops watching; a signal no other watcher watches takes its default action again.
    public func stop() {
        SignalDispatcher.shared.remove(id)
    }

    /// From now on, the `count`th stop signal the process receives (counting every watched
    /// signal, whichever watcher it reaches) ends the process at once, from the signal handler
    /// itself, with status 128 + the signal's number: the way out when a graceful stop hangs.
    public static func exitImmediately(onSignal count: Int) {
        exitThreshold.store(count, ordering: .sequentiallyConsistent)
    }

    /// The conventional name of a signal, such as `SIGTERM`.
    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signal)"
        }
    }
}

/// Watched signals received by the process so far.
private let receivedCount = Atomic<Int>(0)

/// The count of received signals at which the handler exits the process (0: never).
private let exitThreshold = Atomic<Int>(0)

/// The write end of the pipe the handler writes to; set once, before any handler that uses it
/// is installed, and never closed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The process-wide signal handler: only async-signal-safe work (atomics, one `write`, `_exit`,
/// `errno` kept).
private func forwardSignal(_ number: Int32) {
    let savedErrno = errno
    let count = receivedCount.add(1, ordering: .sequentiallyConsistent).newValue
    let threshold = exitThreshold.load(ordering: .sequentiallyConsistent)
    if threshold > 0 && count >= threshold { _exit(128 + number) }
    var byte = UInt8(truncatingIfNeeded: number)
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

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A full pipe must never block the handler; the reader blocks as usual.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let thread = Thread { [self] in readSignals(from: readEnd) }
        thread.name = "stop signals"
        thread.start()
    }

    func add(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.registrations[state.nextID] = Registration(signals: signals, handler: handler)
            for number in signals { Self.install(number) }
            Self.unblock(signals)
            return state.nextID
        }
    }

    func remove(_ id: UInt64) {
        state.withLock { state in
            guard let removed = state.registrations.removeValue(forKey: id) else { return }
            let stillWatched = Set(state.registrations.values.flatMap(\.signals))
            for number in removed.signals where !stillWatched.contains(number) {
                signal(number, SIG_DFL)
            }
        }
    }

    /// Installs the handler for `number`, with `SA_RESTART` so that no blocking call elsewhere
    /// fails with `EINTR` because of it.
    private static func install(_ number: Int32) {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = forwardSignal
        #elseif canImport(Musl)
            action.__sa_handler.sa_handler = forwardSignal
        #else
            action.__sigaction_handler.sa_handler = forwardSignal
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// Unblocks `signals` in the calling thread. A parent may start the process with them
    /// blocked (a process spawned from a thread that blocks them inherits that mask); a blocked
    /// signal would stay pending forever, so at least this thread must take it.
    private static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private func readSignals(from descriptor: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 {
                let number = Int32(byte)
                let handlers = state.withLock { state in
                    state.registrations.sorted { $0.key < $1.key }.map(\.value)
                        .filter { $0.signals.contains(number) }.map(\.handler)
                }
                for handler in handlers { handler(number) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
