import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One URLSession data task with its own deadline and Swift-task cancellation.
///
/// URLSession's own timeouts are whole seconds on some platforms (a sub-second value fails
/// at once on Linux), so the deadline is enforced here: when it passes, the task is
/// cancelled and the call fails with `URLError(.timedOut)`.
final class URLSessionCall: @unchecked Sendable {
    private enum State {
        case idle
        case running(URLSessionDataTask)
        case finished
    }

    private let lock = NSLock()
    private var state = State.idle
    private var timedOut = false
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?

    /// Runs `request` on `session`, failing with `URLError(.timedOut)` after `timeout` seconds.
    static func perform(_ request: URLRequest, on session: URLSession, timeout: TimeInterval) async throws
        -> (
            Data, URLResponse
        )
    {
        let call = URLSessionCall()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                call.start(request, on: session, timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            call.cancel(timedOut: false)
        }
    }

    private func start(
        _ request: URLRequest, on session: URLSession, timeout: TimeInterval,
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
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in cancel(timedOut: true) }
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
