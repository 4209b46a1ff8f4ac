import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/promos?content_country=KE`: promos showing now, highest priority first,
    /// as a JSON array; call-to-action promos only from API major 135.
    func promos(_ request: Request, _ context: RequestContext) async throws -> Response {
        let scope = try await scope(context, country: try request.query.country("content_country"))
        let request = scope.queries.promos(country: scope.country)
        return Self.respond(
            PromoView.list(
                try await scope.store.search(.marketingPromos, request, as: MarketingPromo.self).items))
    }

    /// `GET /catalogue/events?from=..&to=..&sport=..&competition=..&content_country=..&start=..&num=..`:
    /// events running in the range, in start order, paged. A default `from` is the listing's
    /// instant (the minute of its first page, ``ListingPager/instant(firstPageAt:)``), so that
    /// every page by cursor is of the same range.
    func events(_ request: Request, _ context: RequestContext) async throws -> Response {
        let now = self.now(context)
        let cursor = try ListingPager.read(
            Paging(query: request.query, defaultSize: EventParameters.defaultPageSize),
            keys: configuration.cursorKeys)
        let parameters = try EventParameters(
            query: request.query, now: cursor?.instant ?? ListingPager.instant(firstPageAt: now))
        let scope = try await scope(context, country: parameters.country, now: now)
        let pager = try ListingPager(
            paging: parameters.paging, cursor: cursor, sort: "start",
            filters: ListingFilters.events(parameters), now: now,
            keys: configuration.cursorKeys)
        let found = try await scope.store.search(
            .sportsEvents, pager.apply(to: scope.queries.events(parameters)), as: SportsEvent.self)
        return Self.respond(EventView.page(pager.page(found), now: now))
    }
}
