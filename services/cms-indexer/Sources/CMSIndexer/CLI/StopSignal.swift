import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM turned into a flag a loop checks, so `watch` finishes the pass it is in,
/// releases its lease and exits cleanly instead of dying mid-write.
final class StopSignal: Sendable {
    /// Set by the signal handlers.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let flag: Flag
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Starts catching the signals (they no longer end the process).
    init(signals: [Int32] = [SIGINT, SIGTERM]) {
        let flag = Flag()
        self.flag = flag
        sources = Mutex(Self.install(signals, flag: flag))
    }

    private static func install(_ signals: [Int32], flag: Flag) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "cms-indexer.stop-signal")
        return signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { flag.value.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }

    /// Whether a signal came.
    var isRequested: Bool { flag.value.load(ordering: .relaxed) }

    /// Restores the default handling.
    func stop() {
        sources.withLock { sources in
            for source in sources {
                source.cancel()
                signal(Int32(source.handle), SIG_DFL)
            }
            sources = []
        }
    }
}
