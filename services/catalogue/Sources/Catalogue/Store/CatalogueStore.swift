import ESModels
import HTTPKit

/// The catalogue's reads from the search store: a search on one of its indices, decoded into
/// models, with store failures turned into the API's errors.
///
/// - A store that cannot be reached (``ESModels/SearchTransportError``) or is overloaded
///   (429/502/503/504) becomes ``CatalogueError/searchStoreUnavailable(reason:)`` (503), logged.
/// - A missing index becomes ``CatalogueError/indexMissing(_:)`` (503).
/// - Any other store error is a bug in the catalogue's queries: it propagates and is answered
///   with a logged 500.
struct CatalogueStore: Sendable {
    let backend: any SearchBackend
    let indices: CatalogueIndices
    let logger: Logger

    /// The hits of `request` on `index`, read as `Model`, with the total when tracked.
    func search<Model: SourceDecodable>(_ index: IndexName, _ request: SearchRequest, as type: Model.Type)
        async throws
        -> (total: Int?, items: [Model])
    {
        let name = indices.name(index)
        let response: SearchResponse
        do {
            response = try await backend.search(name, request: request)
        } catch let error as SearchTransportError {
            logger.error("search store unavailable: \(error)")
            throw CatalogueError.searchStoreUnavailable(reason: error.description)
        } catch let error as ElasticsearchError where error.type == "index_not_found_exception" {
            logger.error("search store has no index '\(name)': \(error.reason)")
            throw CatalogueError.indexMissing(name)
        } catch let error as ElasticsearchError where error.isRetryable {
            logger.error("search store overloaded: \(error.type): \(error.reason)")
            throw CatalogueError.searchStoreUnavailable(reason: "\(error.type): \(error.reason)")
        }
        let items = try response.hits.hits.map { hit in
            guard let source = hit.source else {
                throw StoredDocumentError(model: index.rawValue, field: "_source", expected: "object")
            }
            return try Model(source: source)
        }
        return (response.hits.total?.value, items)
    }
}
