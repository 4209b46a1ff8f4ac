import ESModels
import Foundation
import Synchronization
import TimeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who holds (or asks for) the lease.
public struct LeaseHolder: Sendable, Equatable, CustomStringConvertible {
    /// A unique name (`host:pid:random`).
    public var id: String
    /// The host it runs on.
    public var host: String
    /// Its process id.
    public var pid: Int

    /// Creates a holder.
    public init(id: String, host: String, pid: Int) {
        self.id = id
        self.host = host
        self.pid = pid
    }

    /// This process.
    public static func thisProcess() -> LeaseHolder {
        let host = ProcessInfo.processInfo.hostName
        let pid = Int(ProcessInfo.processInfo.processIdentifier)
        return LeaseHolder(id: "\(host):\(pid):\(UUID().uuidString.prefix(8))", host: host, pid: pid)
    }

    public var description: String { "pid \(pid) on \(host)" }
}

/// The lease that lets one indexer at a time write to a store (`cms-indexer index`, `index
/// --incremental` and `watch` take it), so two never interleave their writes or their alias moves.
///
/// Leases are documents `lease-<generation>` in ``IndexerState/index``, taken with a create-only
/// write: of two indexers that both find the lease free, exactly one creates the next generation
/// (and deletes its predecessor's document, so the state index holds one or two of them however
/// many runs there were). A lease lasts ``ttl`` unless renewed (``renew()``, every third of it
/// while working) and is released at the end; a lease whose holder ran on this host and no longer
/// exists (a killed indexer) is free at once, otherwise it is free when it expires. A holder that
/// finds a newer generation has lost it and stops writing.
///
/// Two clocks: expiry is a wall-clock date written in the store, compared by indexers on other
/// hosts; waiting for the lease and the renewal interval are elapsed time on `time`, which a test
/// moves instead of waiting.
///
/// ```swift
/// let lease = try await StoreLease.acquire(
///     backend: backend, clock: .system, time: .continuous, waiting: .seconds(30))
/// lease.keepRenewed()
/// ...
/// await lease.release()
/// ```
public final class StoreLease: Sendable {
    /// How long a lease lasts without renewal.
    public static let ttl: TimeInterval = 30
    /// How often ``keepRenewed()`` renews it: a third of ``ttl``.
    public static let renewalInterval = Duration.seconds(ttl / 3)
    /// How often a waiting ``acquire(backend:clock:time:holder:waiting:onWait:)`` looks again.
    public static let recheckInterval = Duration.milliseconds(250)
    /// The generation this lease holds.
    public let generation: Int
    /// Who holds it.
    public let holder: LeaseHolder
    private let backend: any SearchBackend
    private let clock: WallClock
    private let time: MonotonicClock
    private let renewal = Mutex<Task<Void, Never>?>(nil)
    private let lost = Atomic<Bool>(false)
    /// When the store last confirmed the lease (taken or renewed), by ``clock``.
    private let confirmedAt: Mutex<Date>

    private init(
        generation: Int, holder: LeaseHolder, backend: any SearchBackend, clock: WallClock,
        time: MonotonicClock, at now: Date
    ) {
        self.generation = generation
        self.holder = holder
        self.backend = backend
        self.clock = clock
        self.time = time
        confirmedAt = Mutex(now)
    }

    /// Takes the lease, waiting up to `waiting` while another live indexer holds it.
    ///
    /// - Parameters:
    ///   - clock: the wall clock the lease's expiry is written and read in.
    ///   - time: elapsed time, for the wait (the store is looked at again every 250 ms) and,
    ///     once taken, for ``keepRenewed()``.
    ///   - waiting: how long to wait (`.zero`: give up at once); `onWait` is told once who
    ///     holds it.
    /// - Throws: ``StoreLeaseError/held(by:until:)`` when it is still held at the deadline.
    public static func acquire(
        backend: any SearchBackend, clock: WallClock, time: MonotonicClock,
        holder: LeaseHolder = .thisProcess(), waiting: Duration = .zero,
        onWait: @Sendable (String) -> Void = { _ in }
    ) async throws -> StoreLease {
        try await IndexerState.ensure(backend)
        let deadline = time.now() + waiting
        var told = false
        while true {
            let current = try await latest(backend)
            let now = clock.now()
            if let current, current.isHeld(at: now) {
                guard time.now() < deadline else {
                    throw StoreLeaseError.held(by: current.description, until: current.expiresAt)
                }
                if !told {
                    onWait("waiting for the indexer lease, held by \(current.description)")
                    told = true
                }
                try await time.sleep(until: min(deadline, time.now() + Self.recheckInterval))
                continue
            }
            let generation = (current?.generation ?? 0) + 1
            let lease = StoreLease(
                generation: generation, holder: holder, backend: backend, clock: clock, time: time, at: now)
            let response = try await backend.bulk(
                BulkRequest([
                    .create(index: IndexerState.index, id: lease.id, document: lease.document(at: now))
                ]))
            if response.items.first?.error == nil {
                if let current {
                    _ = try? await backend.bulk(
                        BulkRequest([.delete(index: IndexerState.index, id: "lease-\(current.generation)")]))
                }
                return lease
            }
            // Another indexer took this generation first: look again.
        }
    }

    /// Extends the lease by ``ttl``.
    ///
    /// - Throws: ``StoreLeaseError/lost(generation:)`` when another indexer took it over (it had
    ///   expired): stop writing.
    public func renew() async throws {
        if let latest = try await Self.latest(backend), latest.generation > generation {
            lost.store(true, ordering: .relaxed)
            throw StoreLeaseError.lost(generation: generation)
        }
        let now = clock.now()
        _ = try await backend.index(IndexerState.index, id: id, document: document(at: now), refresh: .none)
        confirmedAt.withLock { $0 = now }
    }

    /// Gives the lease up; the next indexer takes it at once. Never throws (an unreleased lease
    /// expires on its own).
    public func release() async {
        renewal.withLock { $0?.cancel() }
        // A lost lease is another indexer's now: its document is left alone.
        guard !isLost else { return }
        var members = members(at: clock.now())
        members["released"] = true
        _ = try? await backend.index(IndexerState.index, id: id, document: .object(members), refresh: .none)
    }

    /// Renews the lease every third of ``ttl`` (on the lease's `time`) until it is released;
    /// ``isLost`` tells when another indexer took it over (the store was unreachable for longer
    /// than ``ttl``).
    public func keepRenewed() {
        let task = Task { [self] in
            while !Task.isCancelled {
                try? await time.sleep(for: Self.renewalInterval)
                guard !Task.isCancelled else { return }
                do {
                    try await renew()
                } catch StoreLeaseError.lost {
                    lost.store(true, ordering: .relaxed)
                    return
                } catch {
                    continue
                }
            }
        }
        renewal.withLock { $0 = task }
    }

    /// Whether another indexer took the lease over: stop writing.
    public var isLost: Bool { lost.load(ordering: .relaxed) }

    /// Throws ``StoreLeaseError/lost(generation:)`` when another indexer took the lease over.
    public func checkHeld() throws(StoreLeaseError) {
        if isLost { throw .lost(generation: generation) }
    }

    /// Makes sure the lease is still this indexer's before a write: when a renewal is overdue
    /// (the process was paused, or the store did not answer), it renews first, since the lease
    /// may have expired and been taken meanwhile, which the renewal loop would only notice later.
    ///
    /// - Throws: ``StoreLeaseError/lost(generation:)``, or the store's error when it cannot tell.
    public func confirmHeld() async throws {
        try checkHeld()
        let confirmed = confirmedAt.withLock { $0 }
        if clock.now().timeIntervalSince(confirmed) >= Self.ttl / 2 { try await renew() }
    }

    private var id: String { "lease-\(generation)" }

    private func members(at now: Date) -> [String: JSONValue] {
        [
            "kind": "lease", "generation": .int(generation), "holder": .string(holder.id),
            "host": .string(holder.host), "pid": .int(holder.pid),
            "acquired_at": .string(ISODate.string(from: now)),
            "expires_at": .string(ISODate.string(from: now.addingTimeInterval(Self.ttl))), "released": false,
        ]
    }

    private func document(at now: Date) -> JSONValue {
        .object(members(at: now))
    }

    /// The newest lease document, if any.
    private static func latest(_ backend: any SearchBackend) async throws -> RecordedLease? {
        _ = try await backend.refresh(IndexerState.index)
        let response = try await backend.search(
            IndexerState.index,
            request: SearchRequest(
                query: .term("kind", "lease"), size: 1, sort: [SortField("generation", order: .desc)]))
        guard let source = response.hits.hits.first?.source else { return nil }
        return RecordedLease(source)
    }
}

/// A lease as the store recorded it.
struct RecordedLease: CustomStringConvertible {
    var generation: Int
    var host: String
    var pid: Int
    var expiresAt: Date
    var released: Bool

    init?(_ source: JSONValue) {
        guard let generation = source["generation"]?.intValue,
            let expires = source["expires_at"]?.stringValue,
            let expiresAt = ISODate.date(from: expires)
        else { return nil }
        self.generation = generation
        host = source["host"]?.stringValue ?? ""
        pid = source["pid"]?.intValue ?? 0
        self.expiresAt = expiresAt
        released = source["released"]?.boolValue ?? false
    }

    /// Whether it still keeps others out: not released, not expired, and not left by a process
    /// of this host that is gone.
    func isHeld(at now: Date) -> Bool {
        guard !released, expiresAt > now else { return false }
        if host == ProcessInfo.processInfo.hostName, pid > 0, kill(pid_t(pid), 0) != 0, errno == ESRCH {
            return false
        }
        return true
    }

    var description: String { "pid \(pid) on \(host)" }
}

/// The lease could not be had, or was lost.
public enum StoreLeaseError: Error, CustomStringConvertible, Equatable {
    /// Another indexer holds it.
    case held(by: String, until: Date)
    /// Another indexer took it over after it expired.
    case lost(generation: Int)

    public var description: String {
        switch self {
        case .held(let holder, let until):
            return
                "another indexer (\(holder)) is writing to this store; its lease runs until \(ISODate.string(from: until)) unless it ends first. Stop it, or pass --wait SECONDS to wait for it"
        case .lost(let generation):
            return
                "the indexer lease (generation \(generation)) was taken over by another indexer after it expired; stopped writing"
        }
    }
}
