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
                "territories": ["ZA"],
            ])
        let kfcb = try await websiteClient.get("/catalogue/ratings", query: ["system": "kfcb"])
        #expect(try kfcb.items.map { $0["code"] } == ["GE", "PG", "16", "18"])
    }

    /// The main ratings plus one of a system used outside the main territories (BBFC, in GB)
    /// and one written before ratings recorded their territories.
    static let ratingsOfSeveralTerritories: [JSONValue] =
        Fixtures.mainRatings + [
            [
                "uuid": "rating-bbfc-15", "system": "BBFC", "code": "15", "minimum_age": 15, "is_main": false,
                "territories": ["GB"],
            ],
            ["uuid": "rating-old", "system": "OLD", "code": "X", "territories": nil],
        ]

    @Test(.useData(territories: Fixtures.allTerritories, ratings: ratingsOfSeveralTerritories))
    func ratingsValidInATerritory() async throws {
        let kenya = try await websiteClient.get("/catalogue/ratings", query: ["territory": "KE"])
        #expect(kenya.status == .ok)
        #expect(try kenya.uuids == ["rating-kfcb-ge", "rating-kfcb-pg", "rating-kfcb-16", "rating-kfcb-18"])
        #expect(try kenya.items.first?["territories"] == ["KE", "UG", "TZ"])
        let ghana = try await websiteClient.get("/catalogue/ratings", query: ["territory": "gh"])
        #expect(try Set(ghana.items.compactMap { $0["system"]?.stringValue }) == ["NFVCB"])
        let britain = try await websiteClient.get("/catalogue/ratings", query: ["territory": "GB"])
        #expect(try britain.uuids == ["rating-bbfc-15"])
        let nowhere = try await websiteClient.get("/catalogue/ratings", query: ["territory": "FR"])
        #expect(try nowhere.json == [])
        let combined = try await websiteClient.get(
            "/catalogue/ratings", query: ["territory": "KE", "system": "FPB"])
        #expect(try combined.json == [])
        let main = try await websiteClient.get(
            "/catalogue/ratings", query: ["territory": "GB", "main": "true"])
        #expect(try main.json == [])
    }

    @Test(.useData(territories: Fixtures.allTerritories, ratings: ratingsOfSeveralTerritories))
    func withoutATerritoryEveryRatingIsListed() async throws {
        let all = try await websiteClient.get("/catalogue/ratings")
        let uuids = try all.uuids
        #expect(uuids.count == Fixtures.mainRatings.count + 2)
        #expect(uuids.contains("rating-bbfc-15"))
        #expect(try all.items.first { $0["uuid"] == "rating-old" }?["territories"] == [])
        let empty = try await websiteClient.get("/catalogue/ratings", query: ["territory": ""])
        #expect(try empty.uuids == uuids)
    }

    @Test(.useData())
    func aTerritoryTheCatalogueDoesNotServeIsRefused() async throws {
        let britain = try await websiteClient.get("/catalogue/ratings", query: ["territory": "GB"])
        #expect(britain.status == .badRequest)
        #expect(
            britain.errorMessage
                == "unknown country 'GB' in 'territory'; use a territory code listed by /catalogue/territories"
        )
        for bad in ["KEN", "K1", "🙂"] {
            let response = try await websiteClient.get("/catalogue/ratings", query: ["territory": bad])
            #expect(response.status == .badRequest, "\(bad)")
            #expect(
                response.errorMessage
                    == "invalid value '\(bad)' for query parameter 'territory': must be a two-letter ISO 3166-1 country code such as 'KE'"
            )
        }
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
