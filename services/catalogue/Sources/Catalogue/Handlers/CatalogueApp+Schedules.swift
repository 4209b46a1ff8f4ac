import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/promos?content_country=KE`: promos showing now, highest priority first,
    /// as a JSON array; call-to-action promos only from API major 135.
    func promos(_ request: Request, _ context: RequestContext) async throws -> Response {
        let country = try request.query.country("content_country")
        let now = clock.now()
        let store = store(context)
        try await territoryDirectory.check(country, parameter: "content_country", store: store, now: now)
        let queries = CatalogueQueries(now: now, client: context.client)
        let found = try await store.search(
            .marketingPromos, queries.promos(country: country), as: MarketingPromo.self)
        return Self.respond(PromoView.list(found.items))
    }

    /// `GET /catalogue/events?from=..&to=..&sport=..&competition=..&content_country=..&start=..&num=..`:
    /// events running in the range, in start order, paged.
    func events(_ request: Request, _ context: RequestContext) async throws -> Response {
        let now = clock.now()
        let parameters = try EventParameters(query: request.query, now: now)
        let store = store(context)
        try await territoryDirectory.check(
            parameters.country, parameter: "content_country", store: store, now: now)
        let queries = CatalogueQueries(now: now, client: context.client)
        let found = try await store.search(.sportsEvents, queries.events(parameters), as: SportsEvent.self)
        return Self.respond(
            EventView.page(
                found.items, total: found.total ?? found.items.count, paging: parameters.paging, now: now))
    }
}
