import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/rows?content_country=KE&items=20`: the home screen, the rows showing now
    /// for this client by position, each with its first `items` items resolved, as
    /// `{"count": N, "rows": [...]}`; rows with nothing to show are left out.
    ///
    /// Answers are kept (``HomeScreenCache``) per country, platform, API major, language and
    /// `items`, while the store's version (``VersionProbe``, read for every request) is unchanged
    /// and until the next instant the answer changes by itself; `Cache-Control` lets a CDN keep
    /// it no longer than that instant.
    func rows(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try RowsParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        let version = try await versionProbe.version(store: scope.store)
        let key = HomeScreenCache.Key(
            country: scope.country?.code, platform: scope.client.platform.rawValue,
            apiMajor: scope.client.version.major, language: scope.client.language.alpha3,
            items: parameters.items)
        let answer: HomeScreenCache.Answer
        if context.storage[PreviewMomentKey.self] != nil {
            // Another moment's home screen is neither kept nor served from what is kept.
            answer = try await Self.homeScreen(scope: scope, items: parameters.items, version: version)
        } else {
            let outcome: HomeScreenCache.Outcome
            (answer, outcome) = try await homeScreens.answer(for: key, at: scope.now, version: version) {
                try await Self.homeScreen(scope: scope, items: parameters.items, version: version)
            }
            metrics.homeScreen(outcome)
        }
        var response = Response.json(data: answer.body)
        response.headers.replaceOrAdd(name: "ETag", value: answer.etag)
        response.headers.replaceOrAdd(
            name: "Cache-Control",
            value: CachePolicy.boundedCacheControl(
                maxAge: configuration.cache.maxAge(for: request.path), now: scope.now,
                until: answer.validUntil))
        return response
    }

    /// Computes the home screen for `scope` at `version`: the rows, their items, and the first
    /// instant after which either may change by itself.
    static func homeScreen(scope: RequestScope, items: Int, version: StoreVersion) async throws
        -> HomeScreenCache.Answer
    {
        async let showing = scope.store.search(
            .rows, scope.queries.rows(country: scope.country), as: PromotedRow.self)
        async let scheduled = scope.store.search(
            .rows, scope.queries.rowSchedules(country: scope.country), as: PromotedRow.self)
        let rows = try await showing.items
        let resolved = try await RowResolver(scope: scope).items(
            of: rows, paging: Paging(num: items), countTotal: false, boundaries: true)
        let shown = zip(rows, resolved).filter { !$0.1.isEmpty }
        // A row's items change whether or not the row is shown now (an empty row fills).
        let schedules = try await scheduled.items.flatMap { [$0.start, $0.end].compactMap { $0 } }
        let next = (schedules + resolved.compactMap(\.nextChange)).filter { $0 > scope.now }.min()
        let body = RowView(client: scope.client, now: scope.now, country: scope.country).home(shown).data
        return HomeScreenCache.Answer(
            body: body, etag: HTTPCachingMiddleware.entityTag(of: body), version: version, validUntil: next)
    }

    /// `GET /catalogue/rows/{slug}?content_country=KE&start=0&num=20`: one row showing now for
    /// this client with a page of its items and their total, or 404 (also for a row with
    /// nothing to show, which the home screen leaves out).
    func row(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try RowParameters(slug: try context.parameters.require("slug"), query: request.query)
        let scope = try await scope(context, country: parameters.country)
        let notFound = CatalogueError.rowNotFound(
            slug: parameters.slug, country: scope.country?.code, platform: scope.client.platform.rawValue,
            apiMajor: scope.client.version.major)
        let found = try await scope.store.search(
            .rows, scope.queries.rows(country: scope.country, slug: parameters.slug), as: PromotedRow.self)
        guard let row = found.items.first else { throw notFound }
        let items = try await RowResolver(scope: scope).items(
            of: [row], paging: parameters.paging, countTotal: true)
        guard let page = items.first, page.total > 0 else { throw notFound }
        return Self.respond(
            RowView(client: scope.client, now: scope.now, country: scope.country).page(
                row, page, paging: parameters.paging))
    }
}
