import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct ReferenceTests {
    @Test(.useData())
    func mainTerritoriesByCode() async throws {
        let response = try await websiteClient.get("/catalogue/territories")
        let items = try response.items
        #expect(items.map { $0["code"] } == ["GH", "KE", "NG", "TZ", "UG", "ZA"])
        #expect(items.first == ["code": "GH", "name": "Ghana", "is_main": true])
    }

    @Test(.useData(territories: Fixtures.allTerritories))
    func territoriesFilteredByMain() async throws {
        let others = try await websiteClient.get("/catalogue/territories", query: ["main": "false"])
        #expect(try others.items.map { $0["code"] } == ["DE", "ET", "FR", "GB", "RW", "US"])
        let main = try await websiteClient.get("/catalogue/territories", query: ["main": "true"])
        #expect(try main.items.count == 6)
        let bad = try await websiteClient.get("/catalogue/territories", query: ["main": "maybe"])
        #expect(bad.status == .badRequest)
    }

    @Test(.useData(languages: Fixtures.allLanguages))
    func languagesInTheAPIsCodes() async throws {
        let response = try await websiteClient.get("/catalogue/languages", query: ["main": "true"])
        let items = try response.items
        #expect(items.map { $0["code"] } == ["eng", "fra", "por", "swa"])
        #expect(items.first == ["code": "eng", "iso_639_1": "en", "name": "English", "is_main": true])
        let all = try await websiteClient.get("/catalogue/languages")
        #expect(try all.items.count == 10)
    }

    @Test(.useData())
    func categoriesLocalizedWithFallback() async throws {
        let swahili = try await websiteClient.get("/catalogue/categories", query: ["lang": "swa"])
        let items = try swahili.items
        #expect(items.count == Fixtures.categories.count)
        let bySlug = Dictionary(
            uniqueKeysWithValues: items.compactMap { item in item["slug"]?.stringValue.map { ($0, item) } })
        #expect(bySlug["drama"]?["title"] == "Tamthilia")
        #expect(bySlug["drama"]?["title_language"] == "swa")
        #expect(bySlug["crime"]?["title"] == "Crime")
        #expect(bySlug["crime"]?["title_language"] == "eng")
        #expect(bySlug["crime"]?["parent_uuid"] == "category-drama")
        #expect(bySlug["drama"]?["parent_uuid"] == .null)
        #expect(
            items.compactMap { $0["slug"]?.stringValue }
                == items.compactMap { $0["slug"]?.stringValue }.sorted())
    }

    @Test(.useData())
    func categoriesOfAParentOrTopLevel() async throws {
        let sport = try await websiteClient.get("/catalogue/categories", query: ["parent": "category-sport"])
        #expect(try sport.uuids == ["category-football"])
        let top = try await websiteClient.get("/catalogue/categories", query: ["top_level": "true"])
        #expect(try top.uuids.contains("category-drama"))
        #expect(try !top.uuids.contains("category-crime"))
        let two = try await websiteClient.get("/catalogue/categories", query: ["parent": "a,b"])
        #expect(two.status == .badRequest)
    }

    @Test(.useData())
    func mainRatingsBySystemAndAge() async throws {
        let response = try await websiteClient.get("/catalogue/ratings")
        let items = try response.items
        #expect(items.count == 14)
        #expect(
            items.first == [
                "uuid": "rating-fpb-a", "system": "FPB", "code": "A", "minimum_age": 0, "is_main": true,
            ])
        let kfcb = try await websiteClient.get("/catalogue/ratings", query: ["system": "kfcb"])
        #expect(try kfcb.items.map { $0["code"] } == ["GE", "PG", "16", "18"])
    }

    @Test(.useData())
    func ratingsCannotBeFilteredByTerritory() async throws {
        let response = try await websiteClient.get("/catalogue/ratings", query: ["territory": "KE"])
        #expect(response.status == .badRequest)
        #expect(response.errorMessage?.hasPrefix("cannot filter by 'territory'") == true)
    }

    @Test(.useData(territories: [], languages: [], categories: [], ratings: []))
    func emptyReferenceIndicesAreEmptyLists() async throws {
        for path in [
            "/catalogue/territories", "/catalogue/languages", "/catalogue/categories", "/catalogue/ratings",
        ] {
            let response = try await websiteClient.get(path)
            #expect(response.status == .ok, "\(path)")
            #expect(try response.json == [], "\(path)")
        }
    }
}
