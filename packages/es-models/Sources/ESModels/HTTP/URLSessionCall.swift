import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One URLSession data task with its own deadline and Swift-task cancellation.
///
/// URLSession's own timeouts are whole seconds on some platforms (a sub-second value fails
/// at once on Linux), so the deadline is enforced here: when it passes, the task is
/// cancelled and the call fails with `URLError(.timedOut)`.
///
/// Tasks are made and started on ``starter``, never on the calling task's thread: on Linux
/// `dataTask(with:)` and `resume()` wait synchronously on the session's queue, and a Swift task's
/// thread blocked there is one of the few threads that queue's own work needs.
final class URLSessionCall: @unchecked Sendable {
    /// A serial queue of its own: Dispatch gives it a thread even when every worker thread is
    /// busy, so waiting on a session's queue from here never blocks what that queue waits for.
    static let starter = DispatchQueue(label: "es-models.url-session-calls")

    /// Invalidates `session` once its tasks finish, from ``starter``.
    static func finishAndInvalidate(_ session: URLSession) {
        starter.async { session.finishTasksAndInvalidate() }
    }

    private enum State {
        case idle
        case running(URLSessionDataTask)
        case finished
    }

    private let lock = NSLock()
    private var state = State.idle
    private var timedOut = false
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?

    /// `duration` in seconds, as URLSession and Dispatch take it.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Runs `request` on `session`, failing with `URLError(.timedOut)` after `timeout`.
    static func perform(_ request: URLRequest, on session: URLSession, timeout: Duration) async throws
        -> (
            Data, URLResponse
        )
    {
        let call = URLSessionCall()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                starter.async {
                    call.start(request, on: session, timeout: timeout, continuation: continuation)
                }
            }
        } onCancel: {
            call.cancel(timedOut: false)
        }
    }

    private func start(
        _ request: URLRequest, on session: URLSession, timeout: Duration,
        continuation: CheckedContinuation<(Data, URLResponse), any Error>
    ) {
        let task = session.dataTask(with: request) { [self] data, response, error in
            finish(data: data, response: response, error: error)
        }
        let alreadyCancelled: Bool = lock.withLock {
            self.continuation = continuation
            if case .finished = state { return true }
            state = .running(task)
            return false
        }
        if alreadyCancelled {
            resume(with: .failure(CancellationError()))
            return
        }
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout)) { [self] in
            cancel(timedOut: true)
        }
    }

    private func cancel(timedOut: Bool) {
        let task: URLSessionDataTask? = lock.withLock {
            switch state {
            case .idle:
                state = .finished
                return nil
            case .running(let task):
                self.timedOut = timedOut
                return task
            case .finished:
                return nil
            }
        }
        task?.cancel()
    }

    private func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        let wasTimedOut = lock.withLock { timedOut }
        if let error {
            let cancelled = (error as? URLError)?.code == .cancelled
            resume(
                with: .failure(
                    cancelled && wasTimedOut ? URLError(.timedOut) : cancelled ? CancellationError() : error))
        } else if let response {
            resume(with: .success((data ?? Data(), response)))
        } else {
            resume(with: .failure(URLError(.badServerResponse)))
        }
    }

    private func resume(with result: Result<(Data, URLResponse), any Error>) {
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>? = lock.withLock {
            state = .finished
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}
