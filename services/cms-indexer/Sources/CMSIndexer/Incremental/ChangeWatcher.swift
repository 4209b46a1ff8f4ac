import ESModels
import Foundation

/// What `watch` reports after each pass.
public struct WatchStatus: Sendable, Equatable {
    /// The position the live indices record.
    public var position: Int64
    /// Seconds from the newest change applied being made to it being searchable, when the pass
    /// applied any (the database's clock against the indexer's).
    public var lag: Double?
    /// Documents written or deleted per second over the last ten seconds.
    public var documentsPerSecond: Double
    /// Changes applied since the watch started.
    public var changes: Int
    /// Documents that failed since the watch started.
    public var failed: Int
    /// What this pass applied.
    public var pass: IncrementalReport
}

/// `cms-indexer watch`: applies changes as they commit until told to stop. On PostgreSQL a
/// commit wakes it (`LISTEN cms_changes`, with a pass at least every `pollInterval` in case a
/// notification is missed); on SQLite it looks every `pollInterval`.
///
/// ```swift
/// let watcher = try ChangeWatcher(backend: backend, configuration: configuration, pollInterval: .milliseconds(250))
/// try await watcher.run(until: { stop.isRequested }) { status in print(status.position) }
/// ```
public final class ChangeWatcher {
    private let incremental: IncrementalIndexer
    private let pollInterval: Duration
    private let clock: WallClock
    private var recent: [(at: ContinuousClock.Instant, documents: Int)] = []

    /// Opens the database; on PostgreSQL, starts listening.
    public init(
        backend: any SearchBackend, configuration: IndexerConfiguration, pollInterval: Duration,
        progress: any IndexingProgress = SilentProgress(), lease: StoreLease? = nil
    ) throws {
        incremental = try IncrementalIndexer(
            backend: backend, configuration: configuration, progress: progress, lease: lease)
        self.pollInterval = pollInterval
        clock = configuration.clock
        if let notifying = incremental.connection as? ChangeNotifying {
            try notifying.listen(ChangeCapture.channel)
        }
    }

    /// Runs passes until `shouldStop` says so (checked between passes and while waiting, at
    /// least every 100 ms); a pass that started finishes, so its position is recorded.
    ///
    /// - Returns: the totals.
    public func run(until shouldStop: () -> Bool, status: (WatchStatus) -> Void) async throws
        -> IncrementalReport
    {
        var total = IncrementalReport()
        while !shouldStop() {
            let pass = try await incremental.catchUp()
            total.add(pass)
            let now = ContinuousClock.now
            recent.append((now, pass.upserted + pass.deleted))
            recent.removeAll { now - $0.at > .seconds(10) }
            let window = max(0.001, min(10, Self.seconds(now - (recent.first?.at ?? now))))
            let documents = recent.reduce(0) { $0 + $1.documents }
            status(
                WatchStatus(
                    position: pass.positions.values.max() ?? total.positions.values.max() ?? 0,
                    lag: pass.newestChange.map { max(0, clock.now().timeIntervalSince($0)) },
                    documentsPerSecond: recent.count > 1 ? Double(documents) / window : 0,
                    changes: total.changes, failed: total.errors.count, pass: pass))
            try await waitForChanges(until: shouldStop)
        }
        return total
    }

    private func waitForChanges(until shouldStop: () -> Bool) async throws {
        let deadline = ContinuousClock.now + pollInterval
        let notifying = incremental.connection as? ChangeNotifying
        while !shouldStop(), ContinuousClock.now < deadline {
            let slice = min(.milliseconds(100), deadline - ContinuousClock.now)
            if let notifying {
                if try notifying.waitForNotification(timeout: slice) { return }
            } else {
                try await Task.sleep(for: slice)
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
