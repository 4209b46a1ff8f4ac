import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct FixturesTests {
    func build(_ kind: FixtureKind, _ overrides: [JSONValue]) throws -> [FixtureDocument] {
        try FixtureDocumentBuilder(
            kind: kind, mapping: FixtureMappings.shared.mapping(for: kind.index), now: Fixtures.now
        )
        .documents(from: overrides)
    }

    @Test func defaultAssetIsAMovieLicensedNowInEveryMainTerritory() throws {
        let asset = try #require(try build(.assetflat, [[:]]).first).decode(AssetFlat.self)
        #expect(asset.type == .movie)
        for country in Fixtures.mainTerritoryCodes {
            #expect(asset.isLicensed(at: Fixtures.now, in: country), "\(country)")
        }
        #expect(!asset.isLicensed(at: Fixtures.now, in: "GB"))
        #expect(Set(asset.titles.keys) == Set(Fixtures.mainLanguageCodes))
    }

    @Test func mainReferenceData() throws {
        let territories = try build(.territory, Fixtures.mainTerritories).map {
            try $0.decode(Territory.self)
        }
        #expect(territories.map(\.code) == ["KE", "ZA", "NG", "GH", "UG", "TZ"])
        #expect(territories.allSatisfy { $0.isMain })
        let languages = try build(.language, Fixtures.mainLanguages).map { try $0.decode(Language.self) }
        #expect(languages.map(\.code) == ["en", "fr", "sw", "pt"])
        let ratings = try build(.rating, Fixtures.mainRatings).map { try $0.decode(Rating.self) }
        #expect(ratings.count == 14)
        #expect(ratings.allSatisfy { $0.isMain })
        #expect(
            ratings.contains { $0.uuid == "rating-kfcb-pg" && $0.system == "KFCB" && $0.minimumAge == 10 })
        #expect(ratings.first { $0.uuid == "rating-kfcb-pg" }?.territories == ["KE", "UG", "TZ"])
        #expect(ratings.first { $0.uuid == "rating-fpb-13" }?.territories == ["ZA"])
        for territory in Fixtures.mainTerritoryCodes {
            #expect(ratings.contains { $0.isValid(in: territory) }, "no main rating valid in \(territory)")
        }
        #expect(!ratings.contains { $0.isValid(in: "GB") })
    }

    @Test func categoriesHaveParentsAndSomeMissingTranslations() throws {
        let categories = try build(.category, Fixtures.categories).map {
            try $0.decode(ESModels.Category.self)
        }
        let football = try #require(categories.first { $0.slug == "football" })
        #expect(football.parentUUID == "category-sport")
        #expect(football.titles["pt"] == nil)
        #expect(categories.first { $0.slug == "drama" }?.parentUUID == nil)
    }

    @Test func promoAndEventDefaultsAreActiveAndUpcoming() throws {
        let promo = try #require(try build(.promo, [[:]]).first).decode(MarketingPromo.self)
        #expect(promo.promoType == .editorial)
        #expect(promo.start < Fixtures.now && Fixtures.now < promo.end)
        let event = try #require(try build(.sportsEvent, [[:]]).first).decode(SportsEvent.self)
        #expect(event.start == Fixtures.date(days: 1))
        #expect(event.end.timeIntervalSince(event.start) == 2 * 3600)
    }

    @Test func namedTimesAreRelative() {
        #expect(Fixtures.resolveDate(.datetimePassed) == Fixtures.date(days: -7))
        #expect(Fixtures.resolveDate(.datetimeFuture) == Fixtures.date(days: 7))
        #expect(Fixtures.resolveDate(.datetime(daysFromNow: -3)) == Fixtures.date(days: -3))
        #expect(Fixtures.resolveDate(.datetime(Fixtures.now)) == Fixtures.now)
        let other = Date(timeIntervalSince1970: 1_000_000_000)
        #expect(Fixtures.resolveDate(.datetimeFuture, now: other) == Fixtures.date(days: 7, from: other))
    }

    @Test func theDefaultAssetIsNoEpisode() throws {
        let movie = try #require(try build(.assetflat, [[:]]).first)
        for key in ["series_uuid", "season_uuid", "season_number", "episode_number"] {
            #expect(movie.source[key] == nil, "\(key)")
        }
    }

    @Test func aSeriesWithItsEpisodesLinkedSeasonBySeason() throws {
        let assets = try build(.assetflat, Fixtures.series("series-1", episodesPerSeason: [2, 1, 0]))
            .map { try $0.decode(AssetFlat.self) }
        #expect(assets.map(\.uuid) == ["series-1", "series-1-s1e1", "series-1-s1e2", "series-1-s2e1"])
        #expect(assets[0].type == .tvSeries)
        #expect(assets[0].seriesUUID == nil)
        let episodes = assets.dropFirst()
        #expect(episodes.allSatisfy { $0.type == .episode && $0.seriesUUID == "series-1" })
        #expect(episodes.map(\.seasonNumber) == [1, 1, 2])
        #expect(episodes.map(\.episodeNumber) == [1, 2, 1])
        #expect(
            episodes.map(\.seasonUUID) == ["series-1-season-1", "series-1-season-1", "series-1-season-2"])
        #expect(episodes.allSatisfy { $0.isLicensed(at: Fixtures.now, in: "KE") })
    }

    @Test func manyDefaultAssetsHaveDistinctTitles() throws {
        let documents = try build(.assetflat, Array(repeating: [:], count: 100))
        #expect(Set(documents.compactMap { $0.source["titles"]?["en"]?.stringValue }).count == 100)
    }
}
