import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct CursorPagingTests {
    /// 23 movies, created one day apart: uuid-1 the newest.
    static let movies: [JSONValue] = (1...23).map { index in
        [
            "uuid": .string("uuid-\(index)"), "created_at": .datetime(daysFromNow: -index),
            "titles": ["en": .string("Storm \(index)")],
        ]
    }

    /// Every page of a listing, following `next` from the first page, and each page's `start`.
    static func walk(
        _ path: String, query: QueryItems, client: CatalogueClient = websiteClient,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (uuids: [String], starts: [Int], pages: [Response]) {
        var uuids: [String] = []
        var starts: [Int] = []
        var pages: [Response] = []
        var cursor: String?
        repeat {
            var pageQuery = query
            if let cursor { pageQuery.append(name: "cursor", value: cursor) }
            let response = try await client.get(path, query: pageQuery, sourceLocation: sourceLocation)
            try #require(
                response.status == .ok, "\(response.errorMessage ?? "")", sourceLocation: sourceLocation)
            let json = try response.json
            uuids += json["items"]?.arrayValue?.compactMap { $0["uuid"]?.stringValue } ?? []
            starts.append(json["start"]?.intValue ?? -1)
            pages.append(response)
            cursor = json["next"]?.stringValue
        } while cursor != nil && pages.count < 500
        return (uuids, starts, pages)
    }

    @Test(.useData(assetflats: movies))
    func walkingByCursorReturnsEveryAssetOnceInOrder() async throws {
        let walk = try await Self.walk("/catalogue/assets", query: ["content_country": "KE", "num": "5"])
        #expect(walk.uuids == (1...23).map { "uuid-\($0)" })
        #expect(walk.starts == [0, 5, 10, 15, 20])
        let last = try #require(walk.pages.last)
        #expect(try last.items.count == 3)
        #expect(try last.json["next"] == nil)
        #expect(try last.json["count"] == 23)
    }

    @Test(.useData(assetflats: movies))
    func anOffsetPageLeadsOnByCursor() async throws {
        let offset = try await websiteClient.get("/catalogue/assets", query: ["start": "10", "num": "10"])
        let next = try #require(try offset.json["next"]?.stringValue)
        let rest = try await websiteClient.get("/catalogue/assets", query: ["cursor": next, "num": "10"])
        #expect(try rest.uuids == (21...23).map { "uuid-\($0)" })
        #expect(try rest.json["start"] == 20)
        #expect(try rest.json["next"] == nil)
        let lastByOffset = try await websiteClient.get(
            "/catalogue/assets", query: ["start": "20", "num": "3"])
        #expect(try lastByOffset.json["next"] == nil)
    }

    @Test(.useData(assetflats: movies))
    func everySortWalksCompletely() async throws {
        for sort in ["created_at", "-updated_at", "title", "-title", "episode"] {
            let walk = try await Self.walk("/catalogue/assets", query: ["sort": sort, "num": "4"])
            #expect(walk.uuids.count == 23, "\(sort)")
            #expect(Set(walk.uuids).count == 23, "\(sort)")
            let byOffset = try await websiteClient.get(
                "/catalogue/assets", query: ["sort": sort, "num": "23"])
            #expect(try walk.uuids == byOffset.uuids, "\(sort)")
        }
    }

    @Test(.useData(assetflats: movies))
    func aCursorWithOneCharacterChangedIsRefused() async throws {
        let first = try await websiteClient.get("/catalogue/assets", query: ["num": "5"])
        let next = Array(try #require(try first.json["next"]?.stringValue))
        for position in [0, next.count / 3, next.count / 2, next.count - 1] {
            var edited = next
            edited[position] = next[position] == "x" ? "y" : "x"
            let response = try await websiteClient.get(
                "/catalogue/assets", query: ["cursor": String(edited), "num": "5"])
            #expect(response.status == .badRequest, "position \(position)")
            #expect(response.errorMessage?.contains("for query parameter 'cursor'") == true)
        }
    }

    @Test(.useData(assetflats: movies))
    func aCursorOfAnotherSortOrOtherFiltersIsRefused() async throws {
        let first = try await websiteClient.get(
            "/catalogue/assets", query: ["content_country": "KE", "num": "5"])
        let next = try #require(try first.json["next"]?.stringValue)
        let otherSort = try await websiteClient.get(
            "/catalogue/assets", query: ["content_country": "KE", "cursor": next, "sort": "title"])
        #expect(otherSort.status == .badRequest)
        #expect(
            otherSort.errorMessage?.hasSuffix(
                "the cursor was made for sort '-created_at', not 'title'; send the same 'sort' as the page it came from, or start again without 'cursor'"
            ) == true)
        for query: QueryItems in [
            ["content_country": "ZA"], ["content_country": "KE", "type": "episode"],
            ["content_country": "KE", "lang": "fra"], [:],
        ] {
            var withCursor = query
            withCursor.append(name: "cursor", value: next)
            let response = try await websiteClient.get("/catalogue/assets", query: withCursor)
            #expect(response.status == .badRequest, "\(query)")
            #expect(
                response.errorMessage?.contains("the cursor was made for other filters") == true, "\(query)")
        }
        let search = try await websiteClient.get("/catalogue/search", query: ["q": "storm", "cursor": next])
        #expect(search.status == .badRequest)
        let sameListingOtherPageSize = try await websiteClient.get(
            "/catalogue/assets", query: ["content_country": "KE", "cursor": next, "num": "7"])
        #expect(try sameListingOtherPageSize.uuids == (6...12).map { "uuid-\($0)" })
    }

    @Test(.useData(assetflats: movies))
    func aCursorWithStartIsRefused() async throws {
        let first = try await websiteClient.get("/catalogue/assets", query: ["num": "5"])
        let next = try #require(try first.json["next"]?.stringValue)
        let response = try await websiteClient.get(
            "/catalogue/assets", query: ["cursor": next, "start": "5"])
        #expect(response.status == .badRequest)
        #expect(
            response.errorMessage
                == "invalid value '5' for query parameter 'start': cannot be combined with 'cursor', which says where the page starts; send one of them"
        )
    }

    @Test(.useData(assetflats: movies))
    func searchResultsWalkByCursor() async throws {
        let walk = try await Self.walk("/catalogue/search", query: ["q": "storm", "num": "10"])
        #expect(walk.uuids.count == 23)
        #expect(Set(walk.uuids) == Set((1...23).map { "uuid-\($0)" }))
        #expect(walk.starts == [0, 10, 20])
        let byOffset = try await websiteClient.get("/catalogue/search", query: ["q": "storm", "num": "23"])
        #expect(try walk.uuids == byOffset.uuids)
    }

    /// 17 events, one every 6 hours from now.
    static let events: [JSONValue] = (1...17).map { index -> JSONValue in
        let start = Fixtures.date(days: Double(index) / 4)
        return [
            "uuid": .string(String(format: "event-%02d", index)), "start": .datetime(start),
            "end": .datetime(start.addingTimeInterval(7_200)),
        ]
    }

    @Test(.useData(sportsEvents: events))
    func eventsWalkByCursorInTheFirstPagesRange() async throws {
        let walk = try await Self.walk("/catalogue/events", query: ["num": "4"])
        #expect(walk.uuids == (1...17).map { String(format: "event-%02d", $0) })
        #expect(walk.starts == [0, 4, 8, 12, 16])
    }

    /// Loads `count` bare assets, created a minute apart (a00000 the newest), licensed in KE:
    /// straight into the test's store, since completing fixtures costs seconds at this size.
    static func loadBareAssets(_ count: Int) async throws {
        let environment = try FixtureEnvironment.required()
        let index = environment.indexName(.assetflat)
        let open = JSONValue.string(ISODate.string(from: Fixtures.date(days: -30)))
        let close = JSONValue.string(ISODate.string(from: Fixtures.date(days: 30)))
        let operations: [BulkOperation] = (0..<count).map { position in
            let uuid = String(format: "a%05d", position)
            let created = JSONValue.string(
                ISODate.string(from: Fixtures.date(days: -Double(position) / 1440)))
            let window: JSONValue = [
                "uuid": .string(uuid + "-window"), "start": open, "end": close, "countries": ["KE"],
                "subscription_statuses": [], "type": "SVOD", "is_downloadable": false,
            ]
            return .index(
                index: index, id: uuid,
                document: [
                    "uuid": .string(uuid), "type": "movie", "titles": [:], "descriptions": [:],
                    "categories": [],
                    "languages": [], "ratings": [], "created_at": created, "updated_at": created,
                    "license_windows": [window],
                ])
        }
        let response = try await environment.backend.bulk(BulkRequest(operations, refresh: .immediate))
        try #require(response.items.allSatisfy { $0.error == nil })
    }

    @Test(.useData())
    func aWalkByCursorGoesPastTheResultWindow() async throws {
        try await Self.loadBareAssets(10_050)
        let tooDeep = try await websiteClient.get(
            "/catalogue/assets", query: ["start": "9950", "num": "100"])
        #expect(tooDeep.status == .badRequest)
        let walk = try await Self.walk("/catalogue/assets", query: ["content_country": "KE", "num": "100"])
        #expect(walk.uuids.count == 10_050)
        #expect(walk.uuids == (0..<10_050).map { String(format: "a%05d", $0) })
        #expect(walk.starts.last == 10_000)
        #expect(try walk.pages.last?.json["next"] == nil)
    }
}
