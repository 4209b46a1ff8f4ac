import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/by_id?id[]=uuid-1,uuid-2&content_country=KE`: the requested assets that
    /// are available now, in request order, as `{"count": N, "items": [...]}`.
    func byID(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try ByIDParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        let found = try await scope.store.search(
            .assetflat, scope.queries.byID(parameters), as: AssetFlat.self
        )
        .items.filter { Availability.isAvailable($0, at: scope.now, in: parameters.country) }
        let byUUID = Dictionary(found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        return Self.respond(scope.assetView.list(parameters.ids.compactMap { byUUID[$0] }))
    }

    /// `GET /catalogue/asset/{uuid}?content_country=KE`: one available asset, or 404.
    func asset(_ request: Request, _ context: RequestContext) async throws -> Response {
        let uuid = try context.parameters.require("uuid")
        guard Identifier.isValid(uuid) else {
            throw CatalogueError.invalidParameter(name: "uuid", value: uuid, expected: Identifier.rule)
        }
        let scope = try await scope(context, country: try request.query.country("content_country"))
        let found = try await scope.store.search(
            .assetflat, scope.queries.asset(uuid: uuid), as: AssetFlat.self)
        guard let asset = found.items.first, Availability.isAvailable(asset, at: scope.now, in: scope.country)
        else {
            throw CatalogueError.assetNotFound(uuid: uuid, country: scope.country?.code)
        }
        return Self.respond(scope.assetView.single(asset))
    }

    /// `GET /catalogue/assets?type=..&category=..&language=..&content_country=..&start=..&num=..&sort=..`:
    /// a page of available assets with the total count.
    func assets(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try AssetListParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        return try await page(scope.queries.assetList(parameters), paging: parameters.paging, scope: scope)
    }

    /// `GET /catalogue/search?q=..&type=..&content_country=..&start=..&num=..`: available
    /// assets whose title (in the client's language, else English) has every word of `q`.
    func search(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try SearchParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        return try await page(scope.queries.search(parameters), paging: parameters.paging, scope: scope)
    }

    private func page(_ request: SearchRequest, paging: Paging, scope: RequestScope) async throws -> Response
    {
        let found = try await scope.store.search(.assetflat, request, as: AssetFlat.self)
        return Self.respond(
            scope.assetView.page(found.items, total: found.total ?? found.items.count, paging: paging))
    }
}
