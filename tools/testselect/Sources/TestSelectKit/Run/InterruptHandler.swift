import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// While installed, `SIGINT` and `SIGTERM` cancel a run (stopping its child process groups, which a
/// terminal's Ctrl-C does not reach) instead of killing testselect outright.
///
/// The packages' executables share cli-kit's `StopSignals`; this is the root package's own copy,
/// deliberately, since the root package depends on nothing.
public final class InterruptHandler: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Installs the handler; `onInterrupt` runs once per signal, on a background queue.
    public init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "testselect.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                self?.record(number)
                onInterrupt()
            }
            source.resume()
            sources.append(source)
        }
    }

    private func record(_ number: Int32) {
        lock.lock()
        received = received ?? number
        lock.unlock()
    }

    /// The first signal received, if any.
    public var signalReceived: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Restores the default signal behaviour.
    public func uninstall() {
        for source in sources { source.cancel() }
        sources = []
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
