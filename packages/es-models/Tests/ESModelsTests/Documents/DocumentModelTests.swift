import Foundation
import Testing

@testable import ESModels

@Suite struct DocumentModelTests {
    private let start = Date(epochMillis: 1_704_067_200_000)  // 2024-01-01T00:00:00Z
    private let end = Date(epochMillis: 1_735_689_600_000)  // 2025-01-01T00:00:00Z

    private var asset: AssetFlat {
        AssetFlat(
            uuid: "uuid-1", type: .movie, titles: ["en": "Heat", "fr": "Heat"],
            descriptions: ["en": "A heist."],
            categories: ["cat-1"], languages: ["en"], ratings: ["rating-1"],
            licenseWindows: [
                LicenseWindow(
                    uuid: "lw-1", start: start, end: end, countries: ["KE", "ZA"],
                    subscriptionStatuses: ["active"],
                    type: .svod, isDownloadable: true)
            ], createdAt: start, updatedAt: Date(epochMillis: 1_704_067_200_250))
    }

    @Test func assetFlatUsesSnakeCaseKeysAndISODates() throws {
        let json = try JSONValue(encoding: asset)
        #expect(
            json == [
                "uuid": "uuid-1", "type": "movie", "titles": ["en": "Heat", "fr": "Heat"],
                "descriptions": ["en": "A heist."],
                "categories": ["cat-1"], "languages": ["en"], "ratings": ["rating-1"],
                "license_windows": [
                    [
                        "uuid": "lw-1", "start": "2024-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z",
                        "countries": ["KE", "ZA"], "subscription_statuses": ["active"], "type": "SVOD",
                        "is_downloadable": true,
                    ]
                ],
                "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00.250Z",
            ])
        #expect(try json.decode(AssetFlat.self) == asset)
    }

    @Test func datesDecodeFromEveryDefaultFormatForm() throws {
        var json = try JSONValue(encoding: asset)
        json["created_at"] = .int(1_704_067_200_000)
        json["updated_at"] = "2024-01-01"
        json["license_windows"] = [
            [
                "uuid": "lw-1", "start": "2024-01-01T03:00:00+03:00", "end": "2025-01-01T00:00:00.000Z",
                "countries": ["KE", "ZA"],
                "subscription_statuses": ["active"], "type": "SVOD", "is_downloadable": true,
            ]
        ]
        let decoded = try json.decode(AssetFlat.self)
        #expect(decoded.createdAt == start)
        #expect(decoded.updatedAt == start)
        #expect(decoded.licenseWindows[0].start == start)
        json["created_at"] = "last tuesday"
        #expect(throws: DecodingError.self) { try json.decode(AssetFlat.self) }
    }

    @Test func encodingIgnoresTheEncodersDateStrategy() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = try JSONValue(parsing: try encoder.encode(asset))
        #expect(json["created_at"] == "2024-01-01T00:00:00Z")
    }

    @Test func licenseWindowsDecideWhereAndWhenAnAssetPlays() {
        let inside = Date(epochMillis: 1_710_000_000_000)
        #expect(asset.isLicensed(at: inside, in: "KE"))
        #expect(!asset.isLicensed(at: inside, in: "NG"))
        #expect(!asset.isLicensed(at: end, in: "KE"))
        #expect(asset.isLicensed(at: start, in: "ZA"))
    }

    @Test func enumValuesAreSpelledAsInTheIndex() {
        #expect(
            AssetFlat.AssetType.allCases.map(\.rawValue) == ["movie", "episode", "tv_series", "sport_event"])
        #expect(LicenseWindow.LicenseType.allCases.map(\.rawValue) == ["SVOD", "AVOD", "TVOD"])
        #expect(
            MarketingPromo.PromoType.allCases.map(\.rawValue) == [
                "call_to_action", "editorial", "sport_call_to_action",
            ])
    }

    @Test func referenceDocumentsRoundTripWithSnakeCaseKeys() throws {
        let territory = Territory(code: "KE", name: "Kenya", isMain: true)
        #expect(try JSONValue(encoding: territory) == ["code": "KE", "name": "Kenya", "is_main": true])
        let language = Language(code: "sw", name: "Swahili", isMain: false)
        #expect(try JSONValue(encoding: language) == ["code": "sw", "name": "Swahili", "is_main": false])
        let top = Category(uuid: "c-1", slug: "action", titles: ["en": "Action"])
        #expect(
            try JSONValue(encoding: top) == ["uuid": "c-1", "slug": "action", "titles": ["en": "Action"]])
        let child = Category(uuid: "c-2", slug: "heist", titles: [:], parentUUID: "c-1")
        #expect(try JSONValue(encoding: child)["parent_uuid"] == "c-1")
        let rating = Rating(
            uuid: "r-1", system: "MPAA", code: "PG-13", minimumAge: 13, isMain: true, territories: ["US"])
        #expect(
            try JSONValue(encoding: rating) == [
                "uuid": "r-1", "system": "MPAA", "code": "PG-13", "minimum_age": 13, "is_main": true,
                "territories": ["US"],
            ])
        for document in [territory] {
            #expect(try JSONValue(encoding: document).decode(Territory.self) == document)
        }
        #expect(try JSONValue(encoding: child).decode(Category.self) == child)
        #expect(try JSONValue(encoding: rating).decode(Rating.self) == rating)
        #expect(try JSONValue(encoding: language).decode(Language.self) == language)
    }

    @Test func anEpisodeNamesItsSeriesAndPlaceAndAMovieLeavesThemOut() throws {
        var episode = asset
        episode.type = .episode
        episode.seriesUUID = "series-1"
        episode.seasonUUID = "season-2"
        episode.seasonNumber = 2
        episode.episodeNumber = 7
        let json = try JSONValue(encoding: episode)
        #expect(json["series_uuid"] == "series-1")
        #expect(json["season_uuid"] == "season-2")
        #expect(json["season_number"] == 2)
        #expect(json["episode_number"] == 7)
        #expect(try json.decode(AssetFlat.self) == episode)
        let movie = try JSONValue(encoding: asset)
        for key in ["series_uuid", "season_uuid", "season_number", "episode_number"] {
            #expect(movie[key] == nil, "\(key)")
        }
        #expect(try movie.decode(AssetFlat.self).seriesUUID == nil)
    }

    @Test func ratingsKnowWhereTheirSystemAppliesAndOldDocumentsReadAsNowhere() throws {
        let rating = Rating(
            uuid: "r-1", system: "KFCB", code: "PG", minimumAge: 10, isMain: true, territories: ["KE", "UG"])
        #expect(rating.isValid(in: "UG"))
        #expect(!rating.isValid(in: "ZA"))
        let old: JSONValue = [
            "uuid": "r-1", "system": "KFCB", "code": "PG", "minimum_age": 10, "is_main": true,
        ]
        let decoded = try old.decode(Rating.self)
        #expect(decoded.territories == [])
        #expect(!decoded.isValid(in: "KE"))
        var wrong = old
        wrong["territories"] = 5
        #expect(throws: DecodingError.self) { try wrong.decode(Rating.self) }
    }

    @Test func promosAndSportsEventsRoundTrip() throws {
        let promo = MarketingPromo(
            uuid: "p-1", title: "Watch now", promoType: .callToAction, territories: ["KE"], start: start,
            end: end, priority: 5)
        let promoJSON = try JSONValue(encoding: promo)
        #expect(promoJSON["promo_type"] == "call_to_action")
        #expect(promoJSON["start"] == "2024-01-01T00:00:00Z")
        #expect(try promoJSON.decode(MarketingPromo.self) == promo)
        let event = SportsEvent(
            uuid: "s-1", sport: "football", competition: "Premier League", teams: ["Arsenal", "Chelsea"],
            start: start,
            end: end, territories: ["KE", "ZA"])
        let eventJSON = try JSONValue(encoding: event)
        #expect(
            eventJSON.objectValue?.keys.sorted() == [
                "competition", "end", "sport", "start", "teams", "territories", "uuid",
            ])
        #expect(try eventJSON.decode(SportsEvent.self) == event)
    }

    @Test func rowsRoundTripWithTheirOptionalFieldsLeftOut() throws {
        let curated = PromotedRow(
            uuid: "row-1", slug: "picks", titles: ["en": "Our picks", "sw": "Chaguo letu"], kind: .curated,
            platforms: ["tv"], minimumAPIMajor: 130, territories: ["KE"], start: start, end: end, position: 2,
            assetUUIDs: ["uuid-3", "uuid-1"], updatedAt: start)
        let json = try JSONValue(encoding: curated)
        #expect(json["kind"] == "curated")
        #expect(json["asset_uuids"] == ["uuid-3", "uuid-1"])
        #expect(json["min_api_major"] == 130)
        #expect(json["max_api_major"] == nil)
        #expect(json["query"] == nil)
        #expect(try json.decode(PromotedRow.self) == curated)

        let live = PromotedRow(
            uuid: "row-2", slug: "live", titles: ["en": "Live now"], kind: .liveEvents,
            platforms: PromotedRow.allPlatforms, territories: ["KE", "ZA"], start: start, position: 1,
            query: RowQuery(sport: "football"), updatedAt: start)
        let liveJSON = try JSONValue(encoding: live)
        #expect(liveJSON["kind"] == "live_events")
        #expect(liveJSON["end"] == nil)
        #expect(liveJSON["query"] == ["sport": "football", "sort": "newest"])
        #expect(try liveJSON.decode(PromotedRow.self) == live)
        var explicitNull = liveJSON
        explicitNull["end"] = .null
        #expect(try explicitNull.decode(PromotedRow.self) == live)
        var wrongKind = liveJSON
        wrongKind["kind"] = "carousel"
        #expect(throws: DecodingError.self) { try wrongKind.decode(PromotedRow.self) }
    }

    @Test func aRowsScheduleAndAPIBoundsAreInclusiveExceptItsEnd() {
        let row = PromotedRow(
            uuid: "row-1", slug: "picks", titles: ["en": "Picks"], kind: .query, platforms: ["tv"],
            minimumAPIMajor: 130, maximumAPIMajor: 136, territories: ["KE"], start: start, end: end,
            position: 1, query: RowQuery(type: .movie), updatedAt: start)
        #expect(row.isScheduled(at: start))
        #expect(!row.isScheduled(at: start.addingTimeInterval(-1)))
        #expect(!row.isScheduled(at: end))
        #expect(row.shows(forAPIMajor: 130) && row.shows(forAPIMajor: 136))
        #expect(!row.shows(forAPIMajor: 129) && !row.shows(forAPIMajor: 137))
        var open = row
        open.end = nil
        open.maximumAPIMajor = nil
        #expect(open.isScheduled(at: end.addingTimeInterval(365 * 86_400)))
        #expect(open.shows(forAPIMajor: 999))
    }

    @Test func documentsKnowTheirIndexAndId() {
        #expect(AssetFlat.indexName == .assetflat)
        #expect(asset.documentID == "uuid-1")
        #expect(Territory(code: "KE", name: "Kenya", isMain: true).documentID == "KE")
        #expect(MarketingPromo.indexName.rawValue == "marketing_promos")
        #expect(SportsEvent.indexName.rawValue == "sports_events")
        #expect(PromotedRow.indexName == .rows)
    }

    @Test func indexNamesLiveInOnePlace() {
        #expect(
            IndexName.allCases.map(\.rawValue) == [
                "assetflat", "territories", "languages", "categories", "ratings", "marketing_promos",
                "sports_events", "rows",
            ])
        #expect(IndexName.assetflat.concreteName(version: "20240101120000") == "assetflat-20240101120000")
        #expect(IndexName.assetflat.isConcreteName("assetflat-20240101120000"))
        #expect(!IndexName.assetflat.isConcreteName("assetflat"))
        #expect(!IndexName.ratings.isConcreteName("assetflat-1"))
        #expect("\(IndexName.sportsEvents)" == "sports_events")
    }
}
