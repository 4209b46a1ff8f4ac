import ESModels
import Foundation
import HTTPKit

extension CatalogueApp {
    /// What `/preview` and `/preview/home` answer when the service is not a preview run.
    static let previewDisabled =
        "the preview is served only by a catalogue started with '--preview' (for editors, never production): run 'catalogue serve --preview ...', or the dev stack (ci/dev-stack), which does"

    /// `GET /preview`: the editors' page (``PreviewPage``), which renders `/preview/home`.
    func previewPage(_ request: Request, _ context: RequestContext) throws -> Response {
        guard configuration.preview else {
            return Response.error(status: .notFound, message: Self.previewDisabled)
        }
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                "Content-Security-Policy":
                    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:",
            ], body: Data(PreviewPage.html.utf8))
    }

    /// `GET /preview/home?content_country=KE&items=20&at=2026-12-02T20:00:00Z` (with the
    /// client's headers): the home screen `/catalogue/rows` answers for this viewer at that
    /// moment, with every other row and every listed asset not shown, and why:
    ///
    /// `{"moment": "...", "country": "KE", "platform": "android", "api_major": 130,
    /// "language": "eng", "rows": [{"slug", "title", "kind", "position", "shown", "hidden":
    /// [{"rule", "text"}], "json", "items": [{"uuid", "title", "type", "licence_end", "shown",
    /// "hidden", "json"}]}]}`, rows by position.
    ///
    /// The rows shown, and their items, are those of the home screen's own query and resolver;
    /// ``Visibility`` says why the others are not.
    func previewHome(_ request: Request, _ context: RequestContext) async throws -> Response {
        guard configuration.preview else {
            return Response.error(status: .notFound, message: Self.previewDisabled)
        }
        let parameters = try RowsParameters(query: request.query)
        let scope = try await scope(context, country: parameters.country)
        async let showingNow = scope.store.search(
            .rows, scope.queries.rows(country: scope.country), as: PromotedRow.self)
        async let everyRow = scope.store.search(.rows, scope.queries.everyRow(), as: PromotedRow.self)
        let showing = try await showingNow.items
        let resolved = try await RowResolver(scope: scope).items(
            of: showing, paging: Paging(num: parameters.items), countTotal: false)
        var byUUID: [String: RowItems] = [:]
        for (row, items) in zip(showing, resolved) { byUUID[row.uuid] = items }
        let links = PreviewLinks(request: request, country: scope.country)
        let rows = try await everyRow.items.map { row -> JSONValue in
            if let items = byUUID[row.uuid] {
                return previewRow(row, items: items, scope: scope, links: links)
            }
            var reasons = Visibility.reasons(
                for: row, client: scope.client, country: scope.country, at: scope.now)
            // The rules restated here and the query agree (tested); should they not, say so
            // rather than show nothing.
            if reasons.isEmpty {
                reasons = [HiddenReason(rule: .schedule, text: "not returned by the home screen's query")]
            }
            return previewSummary(row, shown: false, hidden: reasons, items: [], scope: scope, links: links)
        }
        let client = scope.client
        return Self.respond(
            JSONValue.object([
                "moment": .string(ISODate.string(from: scope.now)),
                "country": scope.country.map { .string($0.code) } ?? .null,
                "platform": .string(client.platform.rawValue), "api_major": .int(client.version.major),
                "language": .string(client.language.alpha3), "rows": .array(rows),
            ]))
    }

    /// A row the home screen's query returns: shown with its items, or hidden for having none.
    private func previewRow(_ row: PromotedRow, items: RowItems, scope: RequestScope, links: PreviewLinks)
        -> JSONValue
    {
        var entries: [JSONValue] = []
        switch items.content {
        case .assets(let assets):
            entries = assets.map { asset in
                .object([
                    "uuid": .string(asset.uuid),
                    "title": .string(
                        LocalizedText.pick(asset.titles, for: scope.client.language)?.text ?? asset.uuid),
                    "type": .string(asset.type.rawValue),
                    "licence_end": Visibility.licenceEnd(of: asset, country: scope.country, at: scope.now).map
                    {
                        .string(ISODate.string(from: $0))
                    } ?? .null,
                    "shown": true, "hidden": [], "json": .string(links.asset(asset.uuid)),
                ])
            }
        case .events(let events):
            entries = events.map { event in
                .object([
                    "uuid": .string(event.uuid),
                    "title": .string(
                        event.teams.isEmpty ? event.competition : event.teams.joined(separator: " v ")),
                    "type": "event", "licence_end": .string(ISODate.string(from: event.end)), "shown": true,
                    "hidden": [], "json": .null,
                ])
            }
        }
        if row.kind == .curated {
            let found = Dictionary(items.found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
            for uuid in RowResolver.unique(row.assetUUIDs) {
                let reasons = Visibility.reasons(for: found[uuid], country: scope.country, at: scope.now)
                guard !reasons.isEmpty else { continue }
                let asset = found[uuid]
                entries.append(
                    .object([
                        "uuid": .string(uuid),
                        "title": .string(
                            asset.flatMap { LocalizedText.pick($0.titles, for: scope.client.language)?.text }
                                ?? uuid),
                        "type": asset.map { .string($0.type.rawValue) } ?? .null, "licence_end": .null,
                        "shown": false, "hidden": .array(reasons.map(Self.json)),
                        "json": asset == nil ? .null : .string(links.asset(uuid)),
                    ]))
            }
        }
        let hidden =
            items.isEmpty
            ? [HiddenReason(rule: .empty, text: "nothing to show")] : []
        return previewSummary(
            row, shown: !items.isEmpty, hidden: hidden, items: entries, scope: scope, links: links)
    }

    private func previewSummary(
        _ row: PromotedRow, shown: Bool, hidden: [HiddenReason], items: [JSONValue], scope: RequestScope,
        links: PreviewLinks
    ) -> JSONValue {
        .object([
            "slug": .string(row.slug),
            "title": .string(LocalizedText.pick(row.titles, for: scope.client.language)?.text ?? row.slug),
            "kind": .string(row.kind.rawValue), "position": .int(row.position), "shown": .bool(shown),
            "hidden": .array(hidden.map(Self.json)), "json": shown ? .string(links.row(row.slug)) : .null,
            "items": .array(items),
        ])
    }

    private static func json(_ reason: HiddenReason) -> JSONValue {
        ["rule": .string(reason.rule.rawValue), "text": .string(reason.text)]
    }
}

/// The API addresses the preview links to, with the viewer's country, language and moment.
struct PreviewLinks {
    /// The query every link carries.
    let query: String

    init(request: Request, country: CountryCode?) {
        var items: [URLQueryItem] = []
        if let country { items.append(URLQueryItem(name: "content_country", value: country.code)) }
        for name in ["lang", PreviewMomentMiddleware.parameter] {
            if let value = request.query[name], !value.isEmpty {
                items.append(URLQueryItem(name: name, value: value))
            }
        }
        var components = URLComponents()
        components.queryItems = items
        query = items.isEmpty ? "" : "?" + (components.percentEncodedQuery ?? "")
    }

    func asset(_ uuid: String) -> String { "/catalogue/asset/\(Self.segment(uuid))\(query)" }
    func row(_ slug: String) -> String { "/catalogue/rows/\(Self.segment(slug))\(query)" }

    private static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? text
    }
}
