import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/rows?content_country=KE&items=20`: the home screen, the rows showing now
    /// for this client by position, each with its first `items` items resolved, as
    /// `{"count": N, "rows": [...]}`; rows with nothing to show are left out.
    func rows(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parameters = try RowsParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        let rows = try await scope.store.search(
            .rows, scope.queries.rows(country: scope.country), as: PromotedRow.self
        ).items
        let items = try await RowResolver(scope: scope).items(
            of: rows, paging: Paging(num: parameters.items), countTotal: false)
        let shown = zip(rows, items).filter { !$0.1.isEmpty }
        return Self.respond(RowView(client: scope.client, now: scope.now, country: scope.country).home(shown))
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
