import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESModels
import Foundation
import SQLiteKit
import Testing

/// Normalized fixtures in real SQLite files and PostgreSQL databases in, exact documents out:
/// both databases give the same documents.
@Suite struct DenormalizerTests {
    /// Reads every document of an index from a database.
    private func documents(_ index: IndexName, _ location: CMSDatabaseLocation, batchSize: Int = 100) throws
        -> (
            documents: [String: JSONValue], errors: [DocumentError]
        )
    {
        try IndexDocuments.read(index, location, batchSize: batchSize)
    }

    @Test(arguments: TestDatabase.available)
    func aMovieBecomesTheExactAssetflatDocument(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: """
                INSERT INTO assets (uuid, type, created_at, updated_at)
                    VALUES ('uuid-1', 'movie', '2023-05-01T08:00:00Z', '2024-02-03T10:30:00.250Z');
                INSERT INTO asset_localizations (asset_uuid, language_code, title, description) VALUES
                    ('uuid-1', 'en', 'Heat', 'A heist in Nairobi.'),
                    ('uuid-1', 'fr', 'Chaleur', NULL),
                    ('uuid-1', 'sw', 'Joto', '');
                INSERT INTO asset_categories (asset_uuid, category_uuid, position) VALUES
                    ('uuid-1', 'cat-drama', 2), ('uuid-1', 'cat-crime', 1);
                INSERT INTO asset_languages (asset_uuid, language_code, kind) VALUES
                    ('uuid-1', 'fr', 'audio'), ('uuid-1', 'en', 'audio'),
                    ('uuid-1', 'sw', 'subtitles'), ('uuid-1', 'en', 'subtitles');
                INSERT INTO asset_ratings (asset_uuid, territory_code, rating_uuid) VALUES
                    ('uuid-1', 'ZA', 'rating-fpb-16'), ('uuid-1', 'KE', 'rating-kfcb-16'),
                    ('uuid-1', 'GB', 'rating-bbfc-15');
                INSERT INTO license_windows (uuid, asset_uuid, starts_at, ends_at, license_type, is_downloadable)
                    VALUES ('lw-2', 'uuid-1', '2025-01-01T00:00:00Z', '2025-06-30T00:00:00Z', 'TVOD', FALSE),
                           ('lw-1', 'uuid-1', '2024-01-01T00:00:00Z', '2024-12-31T23:59:59Z', 'SVOD', TRUE);
                INSERT INTO license_window_countries (license_window_uuid, territory_code) VALUES
                    ('lw-1', 'ZA'), ('lw-1', 'KE'), ('lw-2', 'GB');
                INSERT INTO license_window_subscription_statuses (license_window_uuid, status) VALUES
                    ('lw-1', 'trial'), ('lw-1', 'active'), ('lw-2', 'active');
                """
        ) { location in
            let result = try documents(.assetflat, location)
            #expect(result.errors == [])
            let expected = try JSONValue(
                parsing: """
                    {
                      "uuid": "uuid-1",
                      "type": "movie",
                      "titles": {"en": "Heat", "fr": "Chaleur", "sw": "Joto"},
                      "descriptions": {"en": "A heist in Nairobi."},
                      "categories": ["cat-crime", "cat-drama"],
                      "languages": ["en", "fr", "sw"],
                      "ratings": ["rating-bbfc-15", "rating-kfcb-16", "rating-fpb-16"],
                      "license_windows": [
                        {"uuid": "lw-1", "start": "2024-01-01T00:00:00Z", "end": "2024-12-31T23:59:59Z",
                         "countries": ["KE", "ZA"], "subscription_statuses": ["active", "trial"],
                         "type": "SVOD", "is_downloadable": true},
                        {"uuid": "lw-2", "start": "2025-01-01T00:00:00Z", "end": "2025-06-30T00:00:00Z",
                         "countries": ["GB"], "subscription_statuses": ["active"],
                         "type": "TVOD", "is_downloadable": false}
                      ],
                      "created_at": "2023-05-01T08:00:00Z",
                      "updated_at": "2024-02-03T10:30:00.250Z"
                    }
                    """)
            #expect(result.documents["uuid-1"]?.canonicalString == expected.canonicalString)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anEpisodeIsLinkedToItsSeries(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: """
                INSERT INTO assets (uuid, type, created_at, updated_at) VALUES
                    ('series-1', 'tv_series', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'),
                    ('episode-1', 'episode', '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z'),
                    ('episode-2', 'episode', '2024-01-03T00:00:00Z', '2024-01-03T00:00:00Z');
                INSERT INTO asset_localizations (asset_uuid, language_code, title) VALUES
                    ('series-1', 'en', 'Nairobi Nights'), ('episode-1', 'en', 'Nairobi Nights – Episode 1'),
                    ('episode-2', 'en', 'Nairobi Nights – Episode 2');
                INSERT INTO seasons (uuid, series_uuid, number) VALUES ('season-1', 'series-1', 1),
                    ('season-2', 'series-1', 2);
                INSERT INTO episodes (asset_uuid, season_uuid, number) VALUES
                    ('episode-1', 'season-2', 1), ('episode-2', 'season-1', 2);
                INSERT INTO asset_categories (asset_uuid, category_uuid, position) VALUES
                    ('series-1', 'cat-drama', 0), ('series-1', 'cat-crime', 1), ('episode-2', 'cat-crime', 0);
                INSERT INTO asset_ratings (asset_uuid, territory_code, rating_uuid) VALUES
                    ('series-1', 'KE', 'rating-kfcb-16'), ('episode-2', 'GB', 'rating-bbfc-15');
                """
        ) { location in
            let result = try documents(.assetflat, location, batchSize: 2)
            #expect(result.errors == [])
            let first = try JSONValue(
                parsing: """
                    {
                      "uuid": "episode-1",
                      "type": "episode",
                      "titles": {"en": "Nairobi Nights – Episode 1"},
                      "descriptions": {},
                      "categories": ["cat-drama", "cat-crime"],
                      "languages": [],
                      "ratings": ["rating-kfcb-16"],
                      "license_windows": [],
                      "created_at": "2024-01-02T00:00:00Z",
                      "updated_at": "2024-01-02T00:00:00Z",
                      "series_uuid": "series-1",
                      "season_uuid": "season-2",
                      "season_number": 2,
                      "episode_number": 1
                    }
                    """)
            #expect(result.documents["episode-1"]?.canonicalString == first.canonicalString)
            let second = try #require(result.documents["episode-2"])
            #expect(second["categories"] == ["cat-crime", "cat-drama"])
            #expect(second["ratings"] == ["rating-bbfc-15"])
            #expect(second["season_uuid"] == "season-1")
            #expect(second["season_number"] == 1)
            #expect(second["episode_number"] == 2)
            let series = try #require(result.documents["series-1"])
            #expect(series["type"] == "tv_series")
            for key in ["series_uuid", "season_uuid", "season_number", "episode_number"] {
                #expect(series[key] == nil, "a series is not an episode: '\(key)'")
            }
        }
    }

    @Test func badRowsAreReportedWithTheirIdsAndTheOthersAreBuilt() throws {
        try withTemporaryDirectory { directory in
            let path = try CMSFixture.database(
                in: directory,
                sql: CMSFixture.moviesSQL(count: 3) + """
                    INSERT INTO assets (uuid, type, created_at, updated_at) VALUES
                        ('bad-type', 'documentary', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'),
                        ('bad-dates', 'movie', 'yesterday', '2024-01-01T00:00:00Z'),
                        ('no-title', 'movie', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z');
                    INSERT INTO asset_localizations (asset_uuid, language_code, title) VALUES
                        ('bad-type', 'en', 'X'), ('bad-dates', 'en', 'Y'), ('no-title', 'en', '  ');
                    INSERT INTO license_windows (uuid, asset_uuid, starts_at, ends_at, license_type, is_downloadable)
                        VALUES ('lw-bad', 'bad-dates', '2025-01-01T00:00:00Z', '2024-01-01T00:00:00Z', 'RENTAL', 0);
                    INSERT INTO license_window_countries (license_window_uuid, territory_code) VALUES ('lw-bad', 'KE');
                    UPDATE license_windows SET is_downloadable = 1 WHERE uuid = 'lw-movie-0002';
                    """)
            // A value of the wrong storage class, which the schema's types do not prevent.
            let db = try SQLiteDatabase(path: path)
            try db.execute("UPDATE assets SET updated_at = x'00ff' WHERE uuid = 'movie-0003'")
            try db.execute("UPDATE assets SET created_at = '1700000000000' WHERE uuid = 'no-title'")
            let result = try documents(.assetflat, .sqlite(path: path), batchSize: 2)
            #expect(result.documents.keys.sorted() == ["movie-0001", "movie-0002"])
            #expect(result.errors.map(\.id) == ["bad-dates", "bad-type", "movie-0003", "no-title"])
            #expect(
                result.errors.map(\.description) == [
                    "assetflat document 'bad-dates': license window 'lw-bad': it ends (2024-01-01T00:00:00Z) before it starts (2025-01-01T00:00:00Z); license window 'lw-bad': 'license_type' is 'RENTAL', expected one of 'SVOD', 'AVOD', 'TVOD'; 'created_at' is not an ISO 8601 date: 'yesterday'",
                    "assetflat document 'bad-type': 'type' is 'documentary', expected one of 'movie', 'episode', 'tv_series', 'sport_event'",
                    "assetflat document 'movie-0003': assets: column 'updated_at' holds blob, expected text",
                    "assetflat document 'no-title': has no title in any language; 'created_at' is not an ISO 8601 date: '1700000000000'",
                ])
        }
    }

    @Test(arguments: TestDatabase.available)
    func referenceIndicesAreBuiltFromTheirTables(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: """
                INSERT INTO marketing_promos (uuid, title, promo_type, starts_at, ends_at, priority) VALUES
                    ('promo-1', 'Watch now', 'call_to_action', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z', 5),
                    ('promo-2', 'Broken', 'banner', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z', 1);
                INSERT INTO marketing_promo_territories (promo_uuid, territory_code) VALUES
                    ('promo-1', 'ZA'), ('promo-1', 'KE');
                INSERT INTO sports_events (uuid, sport, competition, starts_at, ends_at) VALUES
                    ('event-1', 'football', 'Kenyan Premier League', '2024-03-01T15:00:00Z', '2024-03-01T17:00:00Z');
                INSERT INTO sports_event_teams (event_uuid, position, team) VALUES
                    ('event-1', 1, 'AFC Leopards'), ('event-1', 0, 'Gor Mahia');
                INSERT INTO sports_event_territories (event_uuid, territory_code) VALUES ('event-1', 'KE');
                """
                    // A value of the wrong type, which SQLite's column types do not prevent.
                    + (database == .sqlite
                        ? """
                        INSERT INTO marketing_promos (uuid, title, promo_type, starts_at, ends_at, priority) VALUES
                            ('promo-3', 'Priority', 'editorial', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z', 'high');
                        """ : "")
        ) { location in
            let territories = try documents(.territories, location).documents
            #expect(territories["KE"] == ["code": "KE", "name": "Kenya", "is_main": true])
            #expect(territories.count == 3)
            let languages = try documents(.languages, location).documents
            #expect(languages["sw"] == ["code": "sw", "name": "Swahili", "is_main": false])
            let categories = try documents(.categories, location).documents
            #expect(
                categories["cat-crime"] == [
                    "uuid": "cat-crime", "slug": "crime", "titles": ["en": "Crime"],
                    "parent_uuid": "cat-drama",
                ])
            #expect(categories["cat-drama"]?["titles"] == ["en": "Drama", "fr": "Drame"])
            #expect(categories["cat-drama"]?["parent_uuid"] == nil)
            let ratings = try documents(.ratings, location).documents
            #expect(
                ratings["rating-kfcb-16"] == [
                    "uuid": "rating-kfcb-16", "system": "KFCB", "code": "16", "minimum_age": 16,
                    "is_main": true, "territories": ["KE"],
                ])
            let promos = try documents(.marketingPromos, location)
            #expect(
                promos.documents["promo-1"] == [
                    "uuid": "promo-1", "title": "Watch now", "promo_type": "call_to_action",
                    "territories": ["KE", "ZA"], "start": "2024-01-01T00:00:00Z",
                    "end": "2024-02-01T00:00:00Z",
                    "priority": 5,
                ])
            #expect(
                promos.errors.map(\.description) == [
                    "marketing_promos document 'promo-2': 'promo_type' is 'banner', expected one of 'call_to_action', 'editorial', 'sport_call_to_action'"
                ]
                    + (database == .sqlite
                        ? [
                            "marketing_promos document 'promo-3': marketing_promos: column 'priority' holds text 'high', expected integer"
                        ] : []))
            let events = try documents(.sportsEvents, location).documents
            #expect(
                events["event-1"] == [
                    "uuid": "event-1", "sport": "football", "competition": "Kenyan Premier League",
                    "teams": ["Gor Mahia", "AFC Leopards"], "start": "2024-03-01T15:00:00Z",
                    "end": "2024-03-01T17:00:00Z", "territories": ["KE"],
                ])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRatingCarriesTheTerritoriesOfItsSystem(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: """
                INSERT INTO territories (code, name, is_main) VALUES ('UG', 'Uganda', TRUE), ('TZ', 'Tanzania', TRUE);
                INSERT INTO rating_system_territories (system, territory_code) VALUES ('KFCB', 'UG'),
                    ('KFCB', 'TZ');
                INSERT INTO ratings (uuid, system, code, minimum_age, is_main) VALUES
                    ('rating-new-7', 'NEW', '7', 7, FALSE);
                """
        ) { location in
            // Batches of one: each rating's territories are read with its own batch.
            let ratings = try documents(.ratings, location, batchSize: 1)
            #expect(ratings.errors == [])
            #expect(ratings.documents["rating-kfcb-16"]?["territories"] == ["KE", "TZ", "UG"])
            #expect(ratings.documents["rating-fpb-16"]?["territories"] == ["ZA"])
            #expect(ratings.documents["rating-bbfc-15"]?["territories"] == ["GB"])
            #expect(ratings.documents["rating-new-7"]?["territories"] == [])
            for document in ratings.documents.values { _ = try document.decode(Rating.self) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyDocumentDecodesAsItsModel(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: CMSFixture.moviesSQL(count: 2)) { location in
            for document in try documents(.assetflat, location).documents.values {
                _ = try document.decode(AssetFlat.self)
            }
        }
    }
}
