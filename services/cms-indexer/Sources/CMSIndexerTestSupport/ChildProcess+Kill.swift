import CLIKitTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// Sends `signal` the moment a line containing `text` appears on `stream`, watching from a
    /// thread of its own, so that a busy test pool cannot let the child run on past that point.
    ///
    /// - Returns: whether the line appeared (and the signal was sent) before the child ended or
    ///   the timeout passed.
    public func signal(
        _ signal: Int32, whenLineContains text: String, in stream: Stream = .standardError, timeout: Duration
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                let deadline = ContinuousClock.now + timeout
                while ContinuousClock.now < deadline, isRunning {
                    let printed = stream == .standardError ? errors : output
                    if printed.split(separator: "\n").dropLast(printed.hasSuffix("\n") ? 0 : 1)
                        .contains(where: { $0.contains(text) })
                    {
                        kill(processIdentifier, signal)
                        continuation.resume(returning: true)
                        return
                    }
                    // A real child on real time, whose output ChildProcess only lets us read:
                    // looked at every 0.5 ms (a thread of its own, bounded by `timeout`).
                    usleep(500)
                }
                continuation.resume(returning: false)
            }
        }
    }
}
