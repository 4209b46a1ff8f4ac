import ESModels
import HTTPKit

extension CatalogueApp {
    /// `GET /catalogue/territories?main=true`: territories by code.
    func territories(_ request: Request, _ context: RequestContext) async throws -> Response {
        let request = CatalogueQueries.territories(main: try request.query.boolean("main"))
        let found = try await store(context).search(.territories, request, as: Territory.self)
        return Self.respond(.array(found.items.map(ReferenceView.json)))
    }

    /// `GET /catalogue/languages?main=true`: languages by code.
    func languages(_ request: Request, _ context: RequestContext) async throws -> Response {
        let request = CatalogueQueries.languages(main: try request.query.boolean("main"))
        let found = try await store(context).search(.languages, request, as: Language.self)
        return Self.respond(.array(found.items.map(ReferenceView.json)))
    }

    /// `GET /catalogue/categories?parent=..&top_level=true&lang=..`: categories by slug, titles
    /// localized.
    func categories(_ request: Request, _ context: RequestContext) async throws -> Response {
        let parents = try request.query.identifiers("parent")
        guard parents.count <= 1 else {
            throw CatalogueError.invalidParameter(
                name: "parent", value: parents.joined(separator: ","),
                expected: "must be a single category uuid")
        }
        let search = CatalogueQueries.categories(
            parent: parents.first, topLevelOnly: try request.query.boolean("top_level") ?? false)
        let found = try await store(context).search(.categories, search, as: ESModels.Category.self)
        let language = context.client.language
        return Self.respond(.array(found.items.map { ReferenceView.json($0, language: language) }))
    }

    /// `GET /catalogue/ratings?territory=KE&system=KFCB&main=true`: ratings by system and age;
    /// with `territory`, only those whose rating system applies there.
    func ratings(_ request: Request, _ context: RequestContext) async throws -> Response {
        let territory = try request.query.country("territory")
        let systems = try request.query.identifiers("system").map { $0.uppercased() }
        let main = try request.query.boolean("main")
        let store = store(context)
        try await territoryDirectory.check(territory, parameter: "territory", store: store)
        let search = CatalogueQueries.ratings(systems: systems, main: main, territory: territory)
        let found = try await store.search(.ratings, search, as: Rating.self)
        return Self.respond(.array(found.items.map(ReferenceView.json)))
    }
}
