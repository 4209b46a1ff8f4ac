import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

/// Series and their episodes: episodes name their series and place, and `series=` lists a
/// series' episodes in viewing order.
@Suite struct SeriesTests {
    /// Two series and a movie, loaded out of order: "nights" (seasons of 3 and 2 episodes, each
    /// created a day after the one before, so newest first is the reverse of viewing order;
    /// season 2's last episode licensed in ZA only) and "harbour" (one season of 2).
    static let catalogue: [JSONValue] = {
        var nights = Fixtures.series("nights", episodesPerSeason: [3, 2])
        for index in nights.indices.dropFirst() {
            nights[index]["created_at"] = .datetime(daysFromNow: index - 10)
        }
        nights[nights.count - 1]["license_windows"] = [["countries": ["ZA"]]]
        return [["uuid": "movie"]] + Fixtures.series("harbour", episodesPerSeason: [2]) + nights.reversed()
    }()

    @Test(.useData(assetflats: catalogue))
    func aSeriesListsItsEpisodesBySeasonThenEpisode() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["series": "nights"])
        #expect(response.status == .ok)
        #expect(
            try response.uuids == [
                "nights-s1e1", "nights-s1e2", "nights-s1e3", "nights-s2e1", "nights-s2e2",
            ])
        #expect(try response.json["count"] == 5)
        let items = try response.items
        #expect(items.map { $0["season_number"] } == [1, 1, 1, 2, 2])
        #expect(items.map { $0["episode_number"] } == [1, 2, 3, 1, 2])
        #expect(items.allSatisfy { $0["series_uuid"] == "nights" && $0["type"] == "episode" })
        #expect(items.first?["season_uuid"] == .string(Fixtures.seasonID(series: "nights", season: 1)))
    }

    @Test(.useData(assetflats: catalogue))
    func episodesNotLicensedInTheCountryAreLeftOut() async throws {
        let kenya = try await androidClient.get(
            "/catalogue/assets", query: ["series": "nights", "content_country": "KE"])
        #expect(try kenya.uuids == ["nights-s1e1", "nights-s1e2", "nights-s1e3", "nights-s2e1"])
        #expect(try kenya.json["count"] == 4)
        let southAfrica = try await androidClient.get(
            "/catalogue/assets", query: ["series": "nights", "content_country": "ZA"])
        #expect(try southAfrica.json["count"] == 5)
    }

    @Test(.useData(assetflats: catalogue))
    func pagesOfEpisodesFollowOnAcrossSeasons() async throws {
        var seen: [String] = []
        for start in [0, 2, 4] {
            let page = try await websiteClient.get(
                "/catalogue/assets", query: ["series": "nights", "start": String(start), "num": "2"])
            #expect(try page.json["count"] == 5)
            seen += try page.uuids
        }
        #expect(seen == ["nights-s1e1", "nights-s1e2", "nights-s1e3", "nights-s2e1", "nights-s2e2"])
    }

    @Test(.useData(assetflats: catalogue))
    func anExplicitSortWinsAndOtherFiltersStillApply() async throws {
        let newest = try await websiteClient.get(
            "/catalogue/assets", query: ["series": "nights", "sort": "-created_at"])
        #expect(
            try newest.uuids
                == [
                    "nights-s1e1", "nights-s1e2", "nights-s1e3", "nights-s2e1", "nights-s2e2",
                ].reversed())
        let seriesOnly = try await websiteClient.get(
            "/catalogue/assets", query: ["series": "nights", "type": "tv_series"])
        #expect(try seriesOnly.json["count"] == 0)
    }

    @Test(.useData(assetflats: catalogue))
    func viewingOrderPutsAssetsOutsideASeriesLast() async throws {
        let response = try await websiteClient.get(
            "/catalogue/assets", query: ["sort": "episode", "type": "episode,movie", "num": "100"])
        let uuids = try response.uuids
        #expect(uuids.last == "movie")
        #expect(uuids.count == 8)
        let seasons = try response.items.dropLast().compactMap { $0["season_number"]?.intValue }
        #expect(seasons == seasons.sorted())
    }

    @Test(.useData(assetflats: catalogue))
    func seriesAndMoviesCarryNoEpisodeFields() async throws {
        let response = try await iosClient.get(
            "/catalogue/by_id", query: ["id[]": "movie,nights,nights-s2e1"])
        let items = try response.items
        #expect(items.map { $0["uuid"] } == ["movie", "nights", "nights-s2e1"])
        for item in items.prefix(2) {
            for key in ["series_uuid", "season_uuid", "season_number", "episode_number"] {
                #expect(item[key] == nil, "\(item["uuid"] ?? .null): \(key)")
            }
        }
        let episode = try await iosClient.get(
            "/catalogue/asset/nights-s2e1", query: ["content_country": "KE"])
        #expect(try episode.json["series_uuid"] == "nights")
        #expect(try episode.json["season_number"] == 2)
        #expect(try episode.json["episode_number"] == 1)
    }

    @Test(.useData(assetflats: catalogue))
    func anUnknownSeriesHasNoEpisodesAndABadOneIsRefused() async throws {
        let unknown = try await websiteClient.get("/catalogue/assets", query: ["series": "nope"])
        #expect(unknown.status == .ok)
        #expect(try unknown.json["count"] == 0)
        let two = try await websiteClient.get("/catalogue/assets", query: ["series": "nights,harbour"])
        #expect(two.status == .badRequest)
        #expect(
            two.errorMessage
                == "invalid value 'nights,harbour' for query parameter 'series': must be a single series uuid"
        )
        let malformed = try await websiteClient.get("/catalogue/assets", query: ["series": "a b"])
        #expect(malformed.status == .badRequest)
    }
}
