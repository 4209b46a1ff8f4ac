import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import SQLiteKit
import Testing

/// Home-screen rows from their normalized tables (`rows`, `row_titles`, `row_platforms`,
/// `row_territories`, `row_items`) to exact `rows` documents, and every problem reported with the
/// row's id, on both databases.
@Suite struct PromotedRowDenormalizerTests {
    /// SQL for a row that is valid unless the arguments say otherwise: `columns` are `rows`
    /// columns as SQL literals (over the defaults), the lists its child rows.
    static func rowSQL(
        _ uuid: String, kind: String = "query", columns: [String: String] = [:],
        titles: [String: String] = ["en": "A row"], platforms: [String] = [], territories: [String] = ["KE"],
        items: [String] = []
    ) -> String {
        var values = [
            "uuid": "'\(uuid)'", "slug": "'\(uuid)'", "kind": "'\(kind)'",
            "starts_at": "'2026-01-01T00:00:00Z'",
            "position": "1", "created_at": "'2025-12-01T00:00:00Z'", "updated_at": "'2025-12-02T00:00:00Z'",
        ]
        values.merge(columns) { $1 }
        let names = values.keys.sorted()
        var sql = """
            INSERT INTO rows (\(names.joined(separator: ", ")))
                VALUES (\(names.compactMap { values[$0] }.joined(separator: ", ")));

            """
        for (language, title) in titles.sorted(by: { $0.key < $1.key }) {
            sql +=
                "INSERT INTO row_titles (row_uuid, language_code, title) VALUES ('\(uuid)', '\(language)', '\(title)');\n"
        }
        for platform in platforms {
            sql += "INSERT INTO row_platforms (row_uuid, platform) VALUES ('\(uuid)', '\(platform)');\n"
        }
        for territory in territories {
            sql +=
                "INSERT INTO row_territories (row_uuid, territory_code) VALUES ('\(uuid)', '\(territory)');\n"
        }
        for (position, asset) in items.enumerated() {
            sql +=
                "INSERT INTO row_items (row_uuid, asset_uuid, position) VALUES ('\(uuid)', '\(asset)', \(position));\n"
        }
        return sql
    }

    @Test(arguments: TestDatabase.available)
    func aCuratedRowBecomesTheExactRowsDocument(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: CMSFixture.moviesSQL(count: 3) + """
                INSERT INTO rows (uuid, slug, kind, min_api_major, max_api_major, starts_at, ends_at, position,
                    created_at, updated_at)
                    VALUES ('row-1', 'our-picks', 'curated', 130, NULL, '2026-01-01T00:00:00Z',
                        '2026-02-01T00:00:00Z', 2, '2025-12-01T00:00:00Z', '2025-12-20T10:30:00.250Z');
                INSERT INTO row_titles (row_uuid, language_code, title) VALUES
                    ('row-1', 'fr', 'Nos choix'), ('row-1', 'en', 'Our picks'), ('row-1', 'sw', '  ');
                INSERT INTO row_platforms (row_uuid, platform) VALUES ('row-1', 'tv'), ('row-1', 'android');
                INSERT INTO row_territories (row_uuid, territory_code) VALUES ('row-1', 'ZA'), ('row-1', 'KE');
                INSERT INTO row_items (row_uuid, asset_uuid, position) VALUES
                    ('row-1', 'movie-0001', 5), ('row-1', 'movie-0003', 0), ('row-1', 'movie-0002', 3);
                """
        ) { location in
            let result = try IndexDocuments.read(.rows, location)
            #expect(result.errors == [])
            let expected = try JSONValue(
                parsing: """
                    {
                      "uuid": "row-1",
                      "slug": "our-picks",
                      "titles": {"en": "Our picks", "fr": "Nos choix"},
                      "kind": "curated",
                      "platforms": ["android", "tv"],
                      "min_api_major": 130,
                      "territories": ["KE", "ZA"],
                      "start": "2026-01-01T00:00:00Z",
                      "end": "2026-02-01T00:00:00Z",
                      "position": 2,
                      "asset_uuids": ["movie-0003", "movie-0002", "movie-0001"],
                      "updated_at": "2025-12-20T10:30:00.250Z"
                    }
                    """)
            let document = try #require(result.documents["row-1"])
            #expect(document.canonicalString == expected.canonicalString)
            // The fast writer and the model's Codable form agree.
            #expect(try JSONValue(encoding: document.decode(PromotedRow.self)) == document)
        }
    }

    @Test(arguments: TestDatabase.available)
    func queryAndLiveEventsRowsCarryTheirFilter(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: Self.rowSQL(
                "row-drama",
                columns: [
                    "max_api_major": "140", "query_type": "'movie'", "query_category": "'cat-drama'",
                    "query_language": "'fr'", "query_sort": "'title'",
                ])
                + Self.rowSQL("row-new", territories: ["ZA", "GB", "KE"])
                + Self.rowSQL(
                    "row-live", kind: "live_events", columns: ["query_sport": "'football'"],
                    platforms: ["tv", "ios", "website", "android"])
                + Self.rowSQL("row-all-live", kind: "live_events", columns: ["query_sort": "'title'"])
        ) { location in
            let result = try IndexDocuments.read(.rows, location, batchSize: 3)
            #expect(result.errors == [])
            let drama = try #require(result.documents["row-drama"])
            let expected: JSONValue = [
                "uuid": "row-drama", "slug": "row-drama", "titles": ["en": "A row"], "kind": "query",
                "platforms": ["website", "android", "ios", "tv"], "max_api_major": 140, "territories": ["KE"],
                "start": "2026-01-01T00:00:00Z", "position": 1, "asset_uuids": [],
                "query": ["type": "movie", "category": "cat-drama", "language": "fr", "sort": "title"],
                "updated_at": "2025-12-02T00:00:00Z",
            ]
            #expect(drama.canonicalString == expected.canonicalString)
            // No platform listed: every platform; no sort: newest first; no end: none in the document.
            let new = try #require(result.documents["row-new"])
            #expect(new["query"] == ["sort": "newest"])
            #expect(new["territories"] == ["GB", "KE", "ZA"])
            #expect(new["end"] == nil)
            #expect(new["min_api_major"] == nil)
            let live = try #require(result.documents["row-live"])
            #expect(live["kind"] == "live_events")
            #expect(live["query"] == ["sport": "football", "sort": "newest"])
            #expect(live["platforms"] == result.documents["row-new"]?["platforms"])
            #expect(result.documents["row-all-live"]?["query"] == ["sort": "title"])
            for document in result.documents.values {
                let row = try document.decode(PromotedRow.self)
                #expect(row.assetUUIDs == [])
                #expect(try JSONValue(encoding: row) == document)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func badRowsAreReportedWithTheirIdsAndTheOthersAreBuilt(_ database: TestDatabase) async throws {
        let rows = [
            Self.rowSQL("bad-kind", kind: "carousel"),
            Self.rowSQL("bad-query", columns: ["query_type": "'film'", "query_sort": "'popular'"]),
            Self.rowSQL("bad-platforms", platforms: ["iOS", "smart_tv", "tv"]),
            Self.rowSQL("curated-empty", kind: "curated"),
            Self.rowSQL("query-items", items: ["movie-0001"]),
            Self.rowSQL("live-items", kind: "live_events", items: ["movie-0001", "movie-0002"]),
            Self.rowSQL("no-title", titles: [:]),
            Self.rowSQL("blank-title", titles: ["en": " ", "fr": ""]),
            Self.rowSQL(
                "backwards",
                columns: ["starts_at": "'2026-02-01T00:00:00Z'", "ends_at": "'2026-01-01T00:00:00Z'"]),
            Self.rowSQL("no-territory", territories: []),
            Self.rowSQL("no-major", columns: ["min_api_major": "140", "max_api_major": "130"]),
            Self.rowSQL(
                "curated-query", kind: "curated",
                columns: ["query_type": "'movie'", "query_sort": "'title'"],
                items: ["movie-0001"]),
            Self.rowSQL("query-sport", columns: ["query_sport": "'football'"]),
            Self.rowSQL(
                "live-type", kind: "live_events",
                columns: ["query_type": "'movie'", "query_category": "'cat-drama'", "query_sport": "'rugby'"]),
            Self.rowSQL("fine", kind: "curated", items: ["movie-0002"]),
            Self.rowSQL(
                "all-wrong", kind: "shelf",
                columns: ["starts_at": "'2026-03-01T00:00:00Z'", "ends_at": "'2026-02-01T00:00:00Z'"],
                titles: [:], territories: []),
        ]
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 2) + rows.joined()) { location in
            let result = try IndexDocuments.read(.rows, location, batchSize: 2)
            #expect(result.documents.keys.sorted() == ["fine"])
            let known = "expected one of"
            #expect(
                result.errors.map(\.description) == [
                    "rows document 'all-wrong': 'kind' is 'shelf', \(known) 'curated', 'query', 'live_events'; has no title in any language; has no territory; the row ends (2026-02-01T00:00:00Z) before it starts (2026-03-01T00:00:00Z)",
                    "rows document 'backwards': the row ends (2026-01-01T00:00:00Z) before it starts (2026-02-01T00:00:00Z)",
                    "rows document 'bad-kind': 'kind' is 'carousel', \(known) 'curated', 'query', 'live_events'",
                    "rows document 'bad-platforms': platform 'iOS' is not one of 'website', 'android', 'ios', 'tv' (did you mean 'ios'?); platform 'smart_tv' is not one of 'website', 'android', 'ios', 'tv'",
                    "rows document 'bad-query': 'query_sort' is 'popular', \(known) 'newest', 'title'; 'query_type' is 'film', \(known) 'movie', 'episode', 'tv_series', 'sport_event'",
                    "rows document 'blank-title': has no title in any language",
                    "rows document 'curated-empty': is a curated row but lists no item",
                    "rows document 'curated-query': is a curated row but sets 'query_type', 'query_sort' (only query and live_events rows have a query)",
                    "rows document 'live-items': is a live_events row but lists 2 items (only curated rows list items)",
                    "rows document 'live-type': is a live_events row but sets 'query_type', 'query_category' (live_events rows filter by 'query_sport' only)",
                    "rows document 'no-major': 'min_api_major' (140) is above 'max_api_major' (130): it shows for no API major",
                    "rows document 'no-territory': has no territory",
                    "rows document 'no-title': has no title in any language",
                    "rows document 'query-items': is a query row but lists 1 item (only curated rows list items)",
                    "rows document 'query-sport': is a query row but sets 'query_sport' (only live_events rows filter by sport)",
                ])
        }
    }

    @Test func valuesOfTheWrongKindAreReportedOnSQLite() async throws {
        // SQLite's column types do not prevent them; PostgreSQL's do.
        try await TestDatabase.sqlite.withFixture(
            sql: Self.rowSQL("bad-position", columns: ["position": "'first'"])
                + Self.rowSQL(
                    "bad-dates", columns: ["starts_at": "'tomorrow'", "ends_at": "'1700000000000'"])
                + Self.rowSQL("bad-major", columns: ["min_api_major": "'new'"])
        ) { location in
            let result = try IndexDocuments.read(.rows, location)
            #expect(result.documents == [:])
            #expect(
                result.errors.map(\.description) == [
                    "rows document 'bad-dates': 'starts_at' is not an ISO 8601 date: 'tomorrow'; 'ends_at' is not an ISO 8601 date: '1700000000000'",
                    "rows document 'bad-major': rows: column 'min_api_major' holds text 'new', expected integer",
                    "rows document 'bad-position': rows: column 'position' holds text 'first', expected integer",
                ])
        }
    }
}
