import ESModels
import Foundation
import TimeKit

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
    /// Why the pass failed and when it is tried again, when the store failed in a way that may
    /// pass (unreachable, timed out, busy): nothing was recorded, so the retry replays it.
    public var retrying: String? = nil
}

/// `cms-indexer watch`: applies changes as they commit until told to stop. On PostgreSQL a
/// commit wakes it (`LISTEN cms_changes`, with a pass at least every `pollInterval` in case a
/// notification is missed); on SQLite it looks every `pollInterval`.
///
/// ```swift
/// let watcher = try ChangeWatcher(
///     backend: backend, configuration: configuration, pollInterval: .milliseconds(250),
///     time: .continuous)
/// try await watcher.run(until: { stop.isRequested }) { status in print(status.position) }
/// ```
public final class ChangeWatcher {
    private let incremental: IncrementalIndexer
    private let pollInterval: Duration
    private let retryDelay: Duration
    private let clock: WallClock
    private let time: MonotonicClock
    private var recent: [(at: ContinuousClock.Instant, documents: Int)] = []

    /// Opens the database; on PostgreSQL, starts listening.
    ///
    /// - Parameters:
    ///   - time: elapsed time, for the poll interval, the retry pauses and the rate reported.
    ///   - retryDelay: the first wait after a pass the store failed transiently; it doubles with
    ///     each failure in a row, up to 30 s.
    public init(
        backend: any SearchBackend, configuration: IndexerConfiguration, pollInterval: Duration,
        time: MonotonicClock, retryDelay: Duration = .seconds(1),
        progress: any IndexingProgress = SilentProgress(), lease: StoreLease? = nil
    ) throws {
        self.retryDelay = retryDelay
        self.time = time
        incremental = try IncrementalIndexer(
            backend: backend, configuration: configuration, progress: progress, lease: lease)
        self.pollInterval = pollInterval
        clock = configuration.clock
        if let notifying = incremental.connection as? ChangeNotifying {
            try notifying.listen(ChangeCapture.channel)
        }
    }

    /// Runs passes until `shouldStop` says so (checked between passes and while waiting, at
    /// least every 100 ms of `time`); a pass that started finishes, so its position is recorded. A pass the
    /// store failed transiently is tried again after a growing pause (its status says so).
    ///
    /// - Returns: the totals.
    /// - Throws: what a pass throws otherwise (the database, the lease, a live index missing).
    public func run(until shouldStop: () -> Bool, status: (WatchStatus) -> Void) async throws
        -> IncrementalReport
    {
        var total = IncrementalReport()
        var failures = 0
        while !shouldStop() {
            let pass: IncrementalReport
            do {
                pass = try await incremental.catchUp()
                failures = 0
            } catch  where Self.isTransient(error) {
                failures += 1
                let delay = min(.seconds(30), retryDelay * (1 << min(failures - 1, 16)))
                status(
                    WatchStatus(
                        position: total.positions.values.max() ?? 0, lag: nil, documentsPerSecond: 0,
                        changes: total.changes, failed: total.errors.count, pass: IncrementalReport(),
                        retrying: "\(error); trying again in \(Self.format(delay))"))
                try await pause(delay, until: shouldStop)
                continue
            }
            total.add(pass)
            let now = time.now()
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
        let deadline = time.now() + pollInterval
        let notifying = incremental.connection as? ChangeNotifying
        while !shouldStop(), time.now() < deadline {
            let slice = min(.milliseconds(100), deadline - time.now())
            if let notifying {
                // The database's socket waits in real time; the interval is counted on `time`.
                if try notifying.waitForNotification(timeout: slice) { return }
            } else {
                try await time.sleep(for: slice)
            }
        }
    }

    /// Whether a failure may pass by itself: the store unreachable, slow, or answering 429 or 5xx.
    static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case is SearchTransportError: true
        case let error as ElasticsearchError: error.status == 429 || error.status >= 500
        default: false
        }
    }

    private func pause(_ delay: Duration, until shouldStop: () -> Bool) async throws {
        let deadline = time.now() + delay
        while !shouldStop(), time.now() < deadline {
            try await time.sleep(for: min(.milliseconds(100), deadline - time.now()))
        }
    }

    private static func format(_ delay: Duration) -> String {
        let value = seconds(delay)
        return value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.0f s", value)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
