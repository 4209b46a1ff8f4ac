import ESModels
import TimeKit

/// Store calls bounded by the request's deadline, in the way the backend allows.
enum StoreDeadline {
    /// The deadline passed before the store answered.
    struct Exceeded: Error {}

    /// How a backend's calls are held to a deadline.
    enum Mode: Equatable {
        /// The backend enforces it itself: the lean HTTP client ends its socket waits and
        /// retries on time (``ClusterSearchBackend``, which reads ``StoreCallContext``).
        case honoured
        /// The call is raced with a timer and cancelled when it loses: for a backend that waits
        /// on I/O and honours cancellation (URLSession's ``ESModels/HTTPSearchBackend``).
        case race
        /// The deadline is checked before the call only: an in-process engine computes without
        /// waiting, cannot be interrupted, and a timer task per call would cost more than it saves.
        case checkBefore

        init(for backend: any SearchBackend) {
            switch backend {
            case is ClusterSearchBackend: self = .honoured
            case is HTTPSearchBackend: self = .race
            default: self = .checkBefore
            }
        }
    }

    /// Runs `body`, failing with ``Exceeded`` once `deadline` (an instant of `clock`) has passed
    /// (see ``Mode``).
    ///
    /// A backend that honours deadlines reads them on the real clock; on a clock that does not
    /// move by itself (a test's manual clock) the call is raced on `clock` instead, and the
    /// backend is not shown a deadline it would misread as real time.
    static func run<Value: Sendable>(
        _ deadline: ContinuousClock.Instant?, clock: MonotonicClock, mode: Mode,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let deadline else { return try await body() }
        guard clock.now() < deadline else { throw Exceeded() }
        switch mode {
        case .checkBefore: return try await body()
        case .honoured where clock.movesByItself: return try await body()
        case .honoured, .race: break
        }
        let call: @Sendable () async throws -> Value
        if clock.movesByItself {
            call = body
        } else {
            var context = StoreCallContext.current
            context.deadline = nil
            call = { [context] in try await StoreCallContext.$current.withValue(context) { try await body() }
            }
        }
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await call() }
            group.addTask {
                try await clock.sleep(until: deadline)
                throw Exceeded()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw Exceeded() }
            return first
        }
    }
}
