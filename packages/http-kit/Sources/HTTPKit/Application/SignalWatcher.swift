import Dispatch
import Glibc

/// Calls a handler when the process receives one of some signals, instead of letting the
/// signal's default action kill the process; ``stop()`` restores the default actions.
final class SignalWatcher {
    private let signals: [Int32]
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { signalNumber in
            // The default action must be off, or the signal kills the process before the
            // dispatch source sees it.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources {
            source.cancel()
        }
        for signalNumber in signals {
            signal(signalNumber, SIG_DFL)
        }
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
