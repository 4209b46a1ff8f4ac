import ESModels
import Foundation
import HTTPKit

/// What every content handler starts from: one "now" for the whole request, the store as seen
/// from the request, the client's country checked against the territories the catalogue serves,
/// and the query builder for this client at this instant.
struct RequestScope {
    let now: Date
    let client: ClientContext
    let country: CountryCode?
    let store: CatalogueStore
    let queries: CatalogueQueries

    /// How assets look to this client, here and now.
    var assetView: AssetView {
        AssetView(client: client, now: now, country: country)
    }
}

extension CatalogueApp {
    /// The request's instant: the moment `at` of a preview run (``PreviewMomentMiddleware``),
    /// else the clock's now.
    func now(_ context: RequestContext) -> Date {
        context.storage[PreviewMomentKey.self] ?? clock.now()
    }

    /// The scope of a request asking for `country` (`content_country`).
    ///
    /// - Parameter now: the request's instant, when the handler already took it.
    /// - Throws: ``CatalogueError/unknownCountry(parameter:code:)``, or the store's errors.
    func scope(_ context: RequestContext, country: CountryCode?, now: Date? = nil) async throws
        -> RequestScope
    {
        let now = now ?? self.now(context)
        let store = store(context)
        try await territoryDirectory.check(country, parameter: "content_country", store: store)
        return RequestScope(
            now: now, client: context.client, country: country, store: store,
            queries: CatalogueQueries(now: now, client: context.client))
    }
}
