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

    /// `GET /catalogue/assets?type=..&category=..&language=..&content_country=..&start=..&num=..&sort=..&facets=..`:
    /// a page of available assets with the total count, the next page's cursor, and the
    /// facets' counts when asked.
    func assets(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try AssetListParameters(query: request.query)
        let cursor = try ListingPager.read(parameters.paging, keys: configuration.cursorKeys)
        let scope = try await scope(context, country: parameters.country)
        let pager = try ListingPager(
            paging: parameters.paging, cursor: cursor, sort: parameters.sort.rawValue,
            filters: ListingFilters.assets(parameters, client: scope.client), now: scope.now,
            keys: configuration.cursorKeys)
        let found = try await scope.store.search(
            .assetflat, pager.apply(to: scope.queries.assetList(parameters)), as: AssetFlat.self)
        let facets = try await facetCounts(parameters.facets, of: found, scope: scope)
        return Self.respond(scope.assetView.page(pager.page(found), facets: facets))
    }

    /// `GET /catalogue/search?q=..&type=..&content_country=..&start=..&num=..`: available
    /// assets whose title (in the client's language or English) starts with the words of `q`,
    /// exact titles first, with the matching words highlighted.
    func search(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try SearchParameters(query: request.query)
        let cursor = try ListingPager.read(parameters.paging, keys: configuration.cursorKeys)
        let scope = try await scope(context, country: parameters.country)
        let pager = try ListingPager(
            paging: parameters.paging, cursor: cursor, sort: "relevance",
            filters: ListingFilters.search(parameters, client: scope.client), now: scope.now,
            keys: configuration.cursorKeys)
        let found = try await scope.store.search(
            .assetflat, pager.apply(to: scope.queries.search(parameters, rankedAt: pager.instant)),
            as: AssetFlat.self)
        return Self.respond(scope.assetView.page(pager.page(found)))
    }

    /// The counts of each facet's values in `found`'s aggregations, categories titled as
    /// `/catalogue/categories` titles them (the client's language, else English, ...).
    private func facetCounts(_ facets: [Facet], of found: StoreHits<AssetFlat>, scope: RequestScope)
        async throws -> [FacetCounts]
    {
        var counts = facets.map { facet in
            FacetCounts(
                facet: facet,
                values: (found.aggregations[facet.rawValue]?.buckets ?? []).compactMap { bucket in
                    // Codes are three-letter in answers, as in the items' `languages`.
                    bucket.key.stringValue.map { key in
                        FacetCounts.Value(
                            value: facet == .language ? LanguageCode.alpha3ByAlpha2[key] ?? key : key,
                            count: bucket.docCount)
                    }
                })
        }
        guard let position = counts.firstIndex(where: { $0.facet == .category }),
            !counts[position].values.isEmpty
        else { return counts }
        let uuids = counts[position].values.map(\.value)
        let categories = try await scope.store.search(
            .categories, CatalogueQueries.categories(uuids: uuids), as: ESModels.Category.self
        ).items
        let titles = Dictionary(
            categories.map { category in
                (
                    category.uuid,
                    LocalizedText.pick(category.titles, for: scope.client.language)?.text ?? category.slug
                )
            }, uniquingKeysWith: { first, _ in first })
        for index in counts[position].values.indices {
            counts[position].values[index].title = titles[counts[position].values[index].value]
        }
        return counts
    }
}
