import ESModels
import Foundation
import HTTPKit
import TimeKit

/// The catalogue's reads from the search store: a search on one of its indices, decoded into
/// models, within the request's deadline and the circuit breaker, with store failures turned
/// into the API's errors.
///
/// - A store that cannot be reached (``ESModels/SearchTransportError``) or is overloaded
///   (429/502/503/504) becomes ``CatalogueError/searchStoreUnavailable(reason:)`` (503), logged;
///   one that does not answer before the deadline ``CatalogueError/searchStoreTimedOut(reason:)``.
///   Both count as failures for the ``CircuitBreaker``; while it is open, no call is made
///   (``CatalogueError/searchStoreCircuitOpen(retryAfterSeconds:)``).
/// - A missing index becomes ``CatalogueError/indexMissing(_:)`` (503).
/// - A query the store refuses because an index's mapping is not the one the catalogue was
///   built against becomes ``CatalogueError/incompatibleMapping(index:reason:)`` (503), logged.
/// - Any other store error is a bug in the catalogue's queries: it propagates and is answered
///   with a logged 500.
struct CatalogueStore: Sendable {
    let backend: any SearchBackend
    let indices: CatalogueIndices
    let logger: Logger
    let breaker: CircuitBreaker
    let mappings: MappingCompatibility
    let metrics: CatalogueMetrics
    let clock: MonotonicClock

    /// The hits of `request` on `index`, read as `Model`, with the total when tracked, each
    /// hit's sort values and highlights, and the aggregations.
    func search<Model: SourceDecodable>(_ index: IndexName, _ request: SearchRequest, as type: Model.Type)
        async throws
        -> StoreHits<Model>
    {
        let name = indices.name(index)
        let backend = backend
        let response: SearchResponse
        let items: [Model]
        do {
            switch try await call(index: name, { try await backend.searchAnswer(name, request: request) }) {
            case .bytes(let body, let url):
                // Over HTTP, hits are read straight from the answer's bytes.
                let streamed = try Self.streamed(body, url: url, as: Model.self, model: index.rawValue)
                (response, items) = (streamed.response, streamed.items)
            case .decoded(let decoded):
                response = decoded
                items = try response.hits.hits.map { hit in
                    guard let source = hit.source else {
                        throw StoredDocumentError(model: index.rawValue, field: "_source", expected: "object")
                    }
                    return try Model(source: source)
                }
            }
        } catch let error as ElasticsearchError where error.status >= 400 {
            // A query the store refuses: ours is wrong, or the index is not what we were built for.
            if let problem = await mappings.problem(index, backend: backend, indices: indices) {
                logger.error("search store index '\(name)' cannot be read: \(problem)")
                throw CatalogueError.incompatibleMapping(index: name, reason: problem)
            }
            throw error
        }
        return StoreHits(
            total: response.hits.total?.value, items: items, sortValues: response.hits.hits.map(\.sort),
            highlights: response.hits.hits.map(\.highlight), aggregations: response.aggregations ?? [:])
    }

    /// A cluster's search answer read as `Model`s; a hit the model cannot read is a
    /// ``StoredDocumentError``, an answer that is not a search answer a transport error.
    static func streamed<Model: SourceDecodable>(
        _ body: Data, url: String, as type: Model.Type, model: String
    ) throws -> StreamedSearchAnswer<Model> {
        do {
            return try StreamedSearchAnswer(body: body, model: model)
        } catch let error as JSONParseError {
            throw SearchTransportError.invalidResponse(
                url: url, status: 200, reason: "the body is not json (\(error))")
        } catch let error as ElasticsearchError {
            throw SearchTransportError.invalidResponse(
                url: url, status: 200, reason: "unexpected response shape: \(error.reason)")
        }
    }

    /// Runs one store call on `index` within the deadline and the breaker, mapping its failures.
    func call<Value: Sendable>(index: String, _ body: @escaping @Sendable () async throws -> Value)
        async throws -> Value
    {
        let admission = breaker.admit()
        let started = clock.now()
        var failure: String?
        defer {
            if case .refused = admission {
                metrics.storeCall(index: index, seconds: 0, error: "circuit_open")
            } else {
                let elapsed = clock.now() - started
                metrics.storeCall(
                    index: index,
                    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                        / 1e18,
                    error: failure)
            }
        }
        if case .refused(let retryAfter) = admission {
            let seconds = Int(retryAfter.components.seconds) + (retryAfter.components.attoseconds > 0 ? 1 : 0)
            throw CatalogueError.searchStoreCircuitOpen(retryAfterSeconds: seconds)
        }
        let probe = admission == .probe
        do {
            let value = try await StoreDeadline.run(
                SearchCallContext.current.deadline, clock: clock, mode: StoreDeadline.Mode(for: backend), body
            )
            breaker.record(success: true, probe: probe)
            return value
        } catch let error as SearchTransportError {
            breaker.record(success: false, probe: probe)
            failure = "unavailable"
            if case .timedOut = error {
                failure = "timeout"
                logger.error("search store timed out: \(error)")
                throw CatalogueError.searchStoreTimedOut(reason: error.description)
            }
            logger.error("search store unavailable: \(error)")
            throw CatalogueError.searchStoreUnavailable(reason: error.description)
        } catch is StoreDeadline.Exceeded {
            breaker.record(success: false, probe: probe)
            failure = "timeout"
            logger.error("search store timed out: no answer within the request's deadline")
            throw CatalogueError.searchStoreTimedOut(reason: "deadline exceeded")
        } catch let error as ElasticsearchError where error.type == "index_not_found_exception" {
            breaker.record(success: true, probe: probe)
            failure = "index_missing"
            logger.error("search store has no index '\(index)': \(error.reason)")
            throw CatalogueError.indexMissing(index)
        } catch let error as ElasticsearchError where error.isRetryable {
            breaker.record(success: false, probe: probe)
            failure = "overloaded"
            logger.error("search store overloaded: \(error.type): \(error.reason)")
            throw CatalogueError.searchStoreUnavailable(reason: "\(error.type): \(error.reason)")
        } catch {
            breaker.record(success: true, probe: probe)
            failure = "rejected"
            throw error
        }
    }
}

/// What a search found, read as models.
struct StoreHits<Model> {
    /// The total number of matches, when tracked.
    var total: Int?
    /// The hits, in order.
    var items: [Model]
    /// Each hit's sort values (`nil` when the search did not sort).
    var sortValues: [[JSONValue]?]
    /// Each hit's highlighted fragments by field (`nil` without highlighting or a match).
    var highlights: [[String: [String]]?]
    /// The aggregations' answers, by name.
    var aggregations: [String: AggregationResult]
}
