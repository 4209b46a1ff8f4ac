import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

extension Response {
    /// The home screen's rows.
    var rows: [JSONValue] {
        get throws { try json["rows"]?.arrayValue ?? [] }
    }

    /// The slug of each row on the home screen, in order.
    var rowSlugs: [String] {
        get throws { try rows.compactMap { $0["slug"]?.stringValue } }
    }

    /// The uuids of the items of the home screen's row `slug`.
    func itemUUIDs(ofRow slug: String) throws -> [String] {
        let row = try rows.first { $0["slug"]?.stringValue == slug }
        return row?["items"]?.arrayValue?.compactMap { $0["uuid"]?.stringValue } ?? []
    }
}

/// `/catalogue/rows`: which rows show, for whom, in which order, with which items.
@Suite struct HomeScreenTests {
    // The by_id story, as a row: the row lists three assets, the third licensed only in ZA.
    @Test(
        .useData(
            assetflats: [
                ["uuid": "uuid-1"], ["uuid": "uuid-2"],
                ["uuid": "uuid-3", "license_windows": [["countries": ["ZA"]]]],
            ],
            rows: [[:]]))
    func aCuratedRowShowsOnlyItsAssetsLicensedInTheCountry() async throws {
        let kenya = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(kenya.status == .ok)
        #expect(try kenya.json["count"] == 1)
        #expect(try kenya.itemUUIDs(ofRow: "row-1") == ["uuid-1", "uuid-2"])
        let southAfrica = try await androidClient.get("/catalogue/rows", query: ["content_country": "ZA"])
        #expect(try southAfrica.itemUUIDs(ofRow: "row-1") == ["uuid-1", "uuid-2", "uuid-3"])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]], rows: [["uuid": "later", "slug": "later", "start": "now+1d"], [:]]))
    func aRowScheduledForTomorrowDoesNotShow() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.rowSlugs == ["row-2"])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]],
            rows: [
                ["uuid": "ended", "slug": "ended", "start": "now-10d", "end": "now"],
                ["uuid": "starts", "slug": "starts", "start": "now"],
                ["uuid": "running", "slug": "running", "end": "now+1h"],
            ]))
    func theScheduleStartsInclusiveAndEndsExclusive() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try Set(response.rowSlugs) == ["starts", "running"])
    }

    @Test(.useData(assetflats: [[:], [:], [:]], rows: [["platforms": ["tv"]]]))
    func aRowForTVDoesNotShowOnAndroid() async throws {
        let android = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try android.json["count"] == 0)
        #expect(try android.rows == [])
        let tv = try await tvClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try tv.rowSlugs == ["row-1"])
    }

    @Test(
        .useData(
            sportsEvents: [["uuid": "live", "start": "now-1h", "end": "now+1h"]],
            rows: [["slug": "live-now", "kind": "live_events", "asset_uuids": []]]),
        arguments: [(100, false), (136, false), (137, true), (138, true)])
    func liveEventRowsNeedAPIMajor137(major: Int, shows: Bool) async throws {
        let response = try await iosClient.apiMajor(major).get(
            "/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.rowSlugs == (shows ? ["live-now"] : []))
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]],
            rows: [
                ["uuid": "from-130", "slug": "from-130", "min_api_major": 130],
                ["uuid": "to-135", "slug": "to-135", "max_api_major": 135],
            ]),
        arguments: [
            (129, ["to-135"]), (130, ["from-130", "to-135"]), (135, ["from-130", "to-135"]),
            (136, ["from-130"]),
        ])
    func aRowShowsInsideItsAPIMajorBounds(major: Int, expected: [String]) async throws {
        let response = try await androidClient.apiMajor(major).get("/catalogue/rows")
        #expect(try response.rowSlugs == expected)
    }

    @Test(.useData(assetflats: [[:], [:], [:]], rows: [["territories": ["ZA"]]]))
    func aRowShowsOnlyInItsTerritories() async throws {
        let kenya = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try kenya.rowSlugs == [])
        let southAfrica = try await websiteClient.get("/catalogue/rows", query: ["content_country": "ZA"])
        #expect(try southAfrica.rowSlugs == ["row-1"])
        let anywhere = try await websiteClient.get("/catalogue/rows")
        #expect(try anywhere.rowSlugs == ["row-1"])
    }

    @Test(
        .useData(
            assetflats: [[:], ["uuid": "za-only", "license_windows": [["countries": ["ZA"]]]]],
            rows: [
                ["uuid": "unknown", "slug": "unknown", "asset_uuids": ["nope", "gone"]],
                ["uuid": "elsewhere", "slug": "elsewhere", "asset_uuids": ["za-only"]],
                ["uuid": "nothing", "slug": "nothing", "asset_uuids": []],
                ["uuid": "kept", "slug": "kept", "asset_uuids": ["nope", "uuid-1"]],
            ]))
    func aRowWithNothingToShowIsLeftOut() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.json["count"] == 1)
        #expect(try response.rowSlugs == ["kept"])
        #expect(try response.itemUUIDs(ofRow: "kept") == ["uuid-1"])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]],
            rows: [
                ["uuid": "c", "slug": "third", "position": 3],
                ["uuid": "b", "slug": "first-b", "position": 1],
                ["uuid": "a", "slug": "first-a", "position": 1],
                ["uuid": "d", "slug": "second", "position": 2],
            ]))
    func rowsAreOrderedByPositionThenUUID() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.rowSlugs == ["first-a", "first-b", "second", "third"])
        #expect(try response.rows.map { $0["position"] } == [1, 1, 2, 3])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]], rows: [["asset_uuids": ["uuid-3", "uuid-1", "uuid-2", "uuid-1"]]]))
    func aCuratedRowKeepsItsOrderWithoutRepeats() async throws {
        let response = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try response.itemUUIDs(ofRow: "row-1") == ["uuid-3", "uuid-1", "uuid-2"])
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]],
            rows: [
                [
                    "uuid": "translated", "slug": "translated",
                    "titles": ["en": "New this week", "fr": "Nouveautés de la semaine"],
                ],
                ["uuid": "english", "slug": "english", "titles": ["en": "Top picks"]],
                ["uuid": "untitled", "slug": "untitled", "titles": ["en": nil]],
            ]))
    func titlesAreInTheClientsLanguageFallingBackToEnglish() async throws {
        let french = try await websiteClient.get(
            "/catalogue/rows", query: ["content_country": "KE", "lang": "fra"])
        #expect(try french.rows.map { $0["title"] } == ["Nouveautés de la semaine", "Top picks", "untitled"])
        #expect(try french.rows.map { $0["title_language"] } == ["fra", "eng", JSONValue.null])
        let english = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try english.rows.first?["title"] == "New this week")
    }

    @Test(.useData(assetflats: [[:], [:], [:]], rows: [[:]]))
    func aRowsFields() async throws {
        let response = try await androidClient.get("/catalogue/rows", query: ["content_country": "KE"])
        let row = try #require(try response.rows.first)
        #expect(row["slug"] == "row-1")
        #expect(row["title"] == "Row 1")
        #expect(row["kind"] == "curated")
        #expect(row["position"] == 1)
        let item = try #require(row["items"]?.arrayValue?.first)
        let asset = try await androidClient.get("/catalogue/asset/uuid-1", query: ["content_country": "KE"])
        #expect(item == (try asset.json), "an item is the asset as /catalogue/asset renders it")
    }

    /// The load benchmark's home screen: ten rows of twenty items.
    @Test(
        .useData(
            assetflats: (1...200).map { JSONValue.object(["uuid": .string("asset-\($0)")]) },
            rows: (0..<10).map { row -> JSONValue in
                ["asset_uuids": .array((1...20).map { JSONValue.string("asset-\(row * 20 + $0)") })]
            }))
    func tenRowsOfTwentyItems() async throws {
        let response = try await tvClient.get("/catalogue/rows", query: ["content_country": "NG"])
        #expect(try response.json["count"] == 10)
        #expect(try response.rowSlugs == (1...10).map { "row-\($0)" })
        #expect(try response.itemUUIDs(ofRow: "row-10") == (181...200).map { "asset-\($0)" })
        #expect(try response.rows.allSatisfy { $0["items"]?.arrayValue?.count == 20 })
    }

    @Test(
        .useData(
            assetflats: Array(repeating: JSONValue.object([:]), count: 60),
            rows: [["asset_uuids": .array((1...60).map { JSONValue.string("uuid-\($0)") })]]))
    func itemsLimitsEachRow() async throws {
        let byDefault = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(try byDefault.itemUUIDs(ofRow: "row-1") == (1...20).map { "uuid-\($0)" })
        let two = try await websiteClient.get(
            "/catalogue/rows", query: ["content_country": "KE", "items": "2"])
        #expect(try two.itemUUIDs(ofRow: "row-1") == ["uuid-1", "uuid-2"])
        let most = try await websiteClient.get(
            "/catalogue/rows", query: ["content_country": "KE", "items": "50"])
        #expect(try most.itemUUIDs(ofRow: "row-1").count == 50)
    }

    @Test(.useData(), arguments: ["0", "51", "-1", "twenty", "2.5"])
    func itemsOutOfRangeIsRefused(items: String) async throws {
        let response = try await websiteClient.get(
            "/catalogue/rows", query: ["content_country": "KE", "items": items])
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "invalid value '\(items)' for query parameter 'items': must be an integer from 1 to 50")
    }

    @Test(.useData())
    func unknownCountryIsRefusedAndNoRowsIsAnEmptyScreen() async throws {
        let unknown = try await websiteClient.get("/catalogue/rows", query: ["content_country": "GB"])
        #expect(unknown.status == .badRequest)
        let empty = try await websiteClient.get("/catalogue/rows", query: ["content_country": "KE"])
        #expect(empty.status == .ok)
        #expect(try empty.json == ["count": 0, "rows": []])
    }
}
