/// Store calls bounded by the request's deadline, whatever the backend.
enum StoreDeadline {
    /// The deadline passed before the store answered.
    struct Exceeded: Error {}

    /// Runs `body`, failing with ``Exceeded`` at `deadline`.
    ///
    /// - Parameter honoured: whether the backend enforces the deadline itself (the lean HTTP
    ///   client does, and ends its socket waits on time); then no timer task is raced with it.
    static func run<Value: Sendable>(
        _ deadline: ContinuousClock.Instant?, honoured: Bool,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let deadline else { return try await body() }
        guard ContinuousClock.now < deadline else { throw Exceeded() }
        if honoured { return try await body() }
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw Exceeded()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw Exceeded() }
            return first
        }
    }
}
