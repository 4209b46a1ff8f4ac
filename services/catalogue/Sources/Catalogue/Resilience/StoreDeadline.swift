import ESModels
import TimeKit

/// Store calls bounded by the request's deadline, in the way the backend allows.
enum StoreDeadline {
    /// The deadline passed before the store answered.
    struct Exceeded: Error {}

    /// How a backend's calls are held to a deadline.
    enum Mode: Equatable {
        /// The backend enforces it itself: a cluster client ends its socket waits and retries on
        /// time (``ESModels/SearchBackend/honoursCallDeadlines``, reading
        /// ``ESModels/SearchCallContext``).
        case honoured
        /// The call is raced with a timer and cancelled when it loses: for work made of several
        /// calls that must end by one deadline (the readiness check).
        case race
        /// The deadline is checked before the call only: an in-process engine computes without
        /// waiting, cannot be interrupted, and a timer task per call would cost more than it saves.
        case checkBefore

        init(for backend: any SearchBackend) {
            self = backend.honoursCallDeadlines ? .honoured : .checkBefore
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
            var context = SearchCallContext.current
            context.deadline = nil
            call = { [context] in try await SearchCallContext.$current.withValue(context) { try await body() }
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
