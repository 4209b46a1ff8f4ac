import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/by_id?id[]=uuid-1,uuid-2&content_country=KE`: the requested assets that
    /// are available now, in request order, as `{"count": N, "items": [...]}`.
    func byID(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try ByIDParameters(query: request.query)
        let now = clock.now()
        let store = store(context)
        try await territoryDirectory.check(
            parameters.country, parameter: "content_country", store: store, now: now)
        let queries = CatalogueQueries(now: now, client: context.client)
        let found = try await store.search(.assetflat, queries.byID(parameters), as: AssetFlat.self).items
            .filter { Availability.isAvailable($0, at: now, in: parameters.country) }
        let byUUID = Dictionary(found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let view = AssetView(client: context.client, now: now, country: parameters.country)
        return Self.respond(view.list(parameters.ids.compactMap { byUUID[$0] }))
    }

    /// `GET /catalogue/asset/{uuid}?content_country=KE`: one available asset, or 404.
    func asset(_ request: Request, _ context: RequestContext) async throws -> Response {
        let uuid = try context.parameters.require("uuid")
        guard Identifier.isValid(uuid) else {
            throw CatalogueError.invalidParameter(name: "uuid", value: uuid, expected: Identifier.rule)
        }
        let country = try request.query.country("content_country")
        let now = clock.now()
        let store = store(context)
        try await territoryDirectory.check(country, parameter: "content_country", store: store, now: now)
        let queries = CatalogueQueries(now: now, client: context.client)
        let found = try await store.search(
            .assetflat, queries.asset(uuid: uuid), as: AssetFlat.self)
        guard let asset = found.items.first, Availability.isAvailable(asset, at: now, in: country) else {
            throw CatalogueError.assetNotFound(uuid: uuid, country: country?.code)
        }
        return Self.respond(AssetView(client: context.client, now: now, country: country).single(asset))
    }

    /// `GET /catalogue/assets?type=..&category=..&language=..&content_country=..&start=..&num=..&sort=..`:
    /// a page of available assets with the total count.
    func assets(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try AssetListParameters(query: request.query)
        return try await page(
            request: CatalogueQueries(now: clock.now(), client: context.client).assetList(parameters),
            country: parameters.country, paging: parameters.paging, context: context)
    }

    /// `GET /catalogue/search?q=..&type=..&content_country=..&start=..&num=..`: available
    /// assets whose title (in the client's language, else English) has every word of `q`.
    func search(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try SearchParameters(query: request.query)
        return try await page(
            request: CatalogueQueries(now: clock.now(), client: context.client).search(parameters),
            country: parameters.country, paging: parameters.paging, context: context)
    }

    private func page(
        request: SearchRequest, country: CountryCode?, paging: Paging, context: RequestContext
    ) async throws -> Response {
        let now = clock.now()
        let store = store(context)
        try await territoryDirectory.check(country, parameter: "content_country", store: store, now: now)
        let found = try await store.search(.assetflat, request, as: AssetFlat.self)
        let view = AssetView(client: context.client, now: now, country: country)
        return Self.respond(view.page(found.items, total: found.total ?? found.items.count, paging: paging))
    }
}
