import ESModels
import Foundation
import Synchronization

/// A real search backend with one injected fault: the N-th bulk call fails (or hangs until
/// cancelled, or waits for an action such as a CMS write) instead of reaching the wrapped engine. Every other call goes through, so the
/// engine's state is real and can be inspected afterwards.
///
/// ```swift
/// let engine = EmbeddedSearchBackend(clock: clock)
/// let faulty = FaultInjectingBackend(wrapping: engine, failingBulkCall: 2, with: .unreachable)
/// await #expect(throws: IndexingError.self) { try await Indexer(backend: faulty, ...).run() }
/// #expect(try await engine.indices(forAlias: "assetflat") == [previous])
/// ```
public final class FaultInjectingBackend: SearchBackend {
    /// What happens at the failing call.
    public enum Fault: Sendable {
        /// The cluster cannot be reached (a dropped connection).
        case unreachable
        /// The cluster answers with an error.
        case error(ElasticsearchError)
        /// The call never answers until its task is cancelled (an interrupted run).
        case hang
        /// The call goes through once `action` ran: not a fault but a moment, for a CMS write
        /// committed while the indexer is in the middle of its work.
        case runFirst(@Sendable () async throws -> Void)
    }

    private let wrapped: any SearchBackend
    private let failingCall: Int
    private let fault: Fault
    private let bulkCount = Mutex(0)
    private let hung: AsyncStream<Void>.Continuation
    /// Yields once when a call starts hanging, so a test can cancel at that moment.
    public let hangs: AsyncStream<Void>

    /// Wraps `backend`; its `failingBulkCall`-th bulk call (1-based) meets `fault`.
    public init(wrapping backend: any SearchBackend, failingBulkCall: Int, with fault: Fault) {
        self.wrapped = backend
        self.failingCall = failingBulkCall
        self.fault = fault
        (hangs, hung) = AsyncStream<Void>.makeStream()
    }

    /// Bulk calls received so far (the failing one included).
    public var bulkCalls: Int { bulkCount.withLock { $0 } }

    public func bulk(_ request: BulkRequest) async throws -> BulkResponse {
        let call = bulkCount.withLock { count in
            count += 1
            return count
        }
        guard call == failingCall else { return try await wrapped.bulk(request) }
        switch fault {
        case .unreachable:
            throw SearchTransportError.unreachable(
                url: "http://127.0.0.1:9200/_bulk", reason: "connection reset by peer")
        case .error(let error):
            throw error
        case .hang:
            hung.yield()
            // A stream nothing feeds or finishes: iterating it suspends until the task is cancelled.
            let (never, _) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            throw CancellationError()
        case .runFirst(let action):
            try await action()
            return try await wrapped.bulk(request)
        }
    }

    public func createIndex(_ index: String, definition: IndexDefinition) async throws -> CreateIndexResponse
    {
        try await wrapped.createIndex(index, definition: definition)
    }

    public func deleteIndex(_ index: String) async throws -> AcknowledgedResponse {
        try await wrapped.deleteIndex(index)
    }

    public func indexExists(_ index: String) async throws -> Bool {
        try await wrapped.indexExists(index)
    }

    public func getMapping(_ index: String) async throws -> GetMappingResponse {
        try await wrapped.getMapping(index)
    }

    public func putMapping(_ index: String, mapping: Mapping) async throws -> AcknowledgedResponse {
        try await wrapped.putMapping(index, mapping: mapping)
    }

    public func getSettings(_ index: String) async throws -> GetSettingsResponse {
        try await wrapped.getSettings(index)
    }

    public func updateSettings(_ index: String, settings: IndexSettings) async throws -> AcknowledgedResponse
    {
        try await wrapped.updateSettings(index, settings: settings)
    }

    public func index(_ index: String, id: String?, document: JSONValue, refresh: RefreshPolicy) async throws
        -> IndexResponse
    {
        try await wrapped.index(index, id: id, document: document, refresh: refresh)
    }

    public func getDocument(_ index: String, id: String) async throws -> GetDocumentResponse {
        try await wrapped.getDocument(index, id: id)
    }

    public func search(_ index: String, request: SearchRequest) async throws -> SearchResponse {
        try await wrapped.search(index, request: request)
    }

    public func count(_ index: String, request: CountRequest) async throws -> CountResponse {
        try await wrapped.count(index, request: request)
    }

    public func updateAliases(_ request: UpdateAliasesRequest) async throws -> AcknowledgedResponse {
        try await wrapped.updateAliases(request)
    }

    public func getAlias(name: String?, index: String?) async throws -> GetAliasResponse {
        try await wrapped.getAlias(name: name, index: index)
    }

    public func refresh(_ index: String?) async throws -> RefreshResponse {
        try await wrapped.refresh(index)
    }
}
