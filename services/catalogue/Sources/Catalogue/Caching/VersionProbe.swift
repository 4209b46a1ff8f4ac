/// Reads the store's version for every request that asks, with at most one read running and one
/// waiting, however many requests ask at once (a group commit).
///
/// A request's answer must reflect every write finished before it arrived, so it may only share
/// a read that starts after it asked: when a read is running, the requests that ask meanwhile
/// all wait for the one read that starts when it ends. Under load the store sees one version
/// read at a time, back to back, whatever the request rate.
///
/// A shared read runs with the store (its logger, its request's deadline) of the request that
/// started it.
actor VersionProbe {
    private var running: Task<StoreVersion, any Error>?
    private var waiting: Task<StoreVersion, any Error>?

    /// A version of `store` read after this call began.
    func version(store: CatalogueStore) async throws -> StoreVersion {
        let read: @Sendable () async throws -> StoreVersion = { try await store.version() }
        if let waiting { return try await waiting.value }
        let task: Task<StoreVersion, any Error>
        if let running {
            task = Task {
                _ = await running.result
                self.promote()
                return try await read()
            }
            waiting = task
        } else {
            task = Task { try await read() }
            running = task
        }
        let result = await task.result
        if running == task { running = nil }
        return try result.get()
    }

    /// The waiting read starts: it is the running one now, and the next askers wait for another.
    private func promote() {
        running = waiting
        waiting = nil
    }
}
