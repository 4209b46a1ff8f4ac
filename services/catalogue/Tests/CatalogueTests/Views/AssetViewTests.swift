import ESModels
import Foundation
import Testing

@testable import Catalogue

extension AssetView {
    /// The asset's JSON, parsed back.
    func json(_ asset: AssetFlat) throws -> JSONValue {
        try JSONValue(parsing: single(asset).bytes)
    }
}

@Suite struct AssetViewTests {
    static let now = Date(timeIntervalSince1970: 1_748_779_200)

    static func window(
        _ countries: [String], days: ClosedRange<Double>, downloadable: Bool, type: LicenseWindow.LicenseType
    )
        -> LicenseWindow
    {
        LicenseWindow(
            uuid: "w-\(countries.joined())", start: now.addingTimeInterval(days.lowerBound * 86_400),
            end: now.addingTimeInterval(days.upperBound * 86_400), countries: countries,
            subscriptionStatuses: ["active"],
            type: type, isDownloadable: downloadable)
    }

    static let asset = AssetFlat(
        uuid: "a-1", type: .movie, titles: ["en": "Heat", "fr": "Chaleur", "sw": ""],
        descriptions: ["en": "A heist."], categories: ["c-1"], languages: ["en", "xx"], ratings: ["r-1"],
        licenseWindows: [
            window(["KE"], days: -10...5, downloadable: false, type: .avod),
            window(["KE", "ZA"], days: -1...50, downloadable: true, type: .svod),
            window(["KE"], days: 10...20, downloadable: true, type: .tvod),
        ], createdAt: now, updatedAt: now)

    @Test func mobileSeesDownloadsOthersDoNot() throws {
        for platform in ClientPlatform.allCases {
            let json = try AssetView(
                client: ClientContext(platform: platform), now: Self.now, country: CountryCode("KE")
            )
            .json(Self.asset)
            #expect((json["is_downloadable"] != nil) == platform.supportsDownloads)
        }
    }

    @Test func theLongestOpenWindowInTheCountryIsShown() throws {
        let json = try AssetView(
            client: ClientContext(platform: .android), now: Self.now, country: CountryCode("KE")
        )
        .json(Self.asset)
        #expect(json["license_type"] == "SVOD")
        #expect(json["is_downloadable"] == true)
        #expect(
            json["available_from"] == .string(ISODate.string(from: Self.now.addingTimeInterval(-10 * 86_400)))
        )
        #expect(
            json["available_until"] == .string(ISODate.string(from: Self.now.addingTimeInterval(50 * 86_400)))
        )
    }

    @Test func languageFallbackSkipsEmptyTitles() throws {
        let swahili = AssetView(
            client: ClientContext(language: LanguageCode("swa") ?? .english), now: Self.now, country: nil)
        #expect(try swahili.json(Self.asset)["title"] == "Heat")
        #expect(try swahili.json(Self.asset)["title_language"] == "eng")
        let french = AssetView(
            client: ClientContext(language: LanguageCode("fra") ?? .english), now: Self.now, country: nil)
        #expect(try french.json(Self.asset)["title"] == "Chaleur")
        #expect(try french.json(Self.asset)["description"] == "A heist.")
    }

    @Test func unknownStoredLanguagesKeepTheirCode() throws {
        let json = try AssetView(client: ClientContext(), now: Self.now, country: nil).json(Self.asset)
        #expect(json["languages"] == ["eng", "xx"])
    }

    @Test func anEpisodeNamesItsSeriesAndPlaceInSortedOrder() throws {
        var episode = Self.asset
        episode.type = .episode
        (episode.seriesUUID, episode.seasonUUID, episode.seasonNumber, episode.episodeNumber) = (
            "series-1", "season-2", 2, 7
        )
        let view = AssetView(client: ClientContext(platform: .ios), now: Self.now, country: CountryCode("KE"))
        let json = try view.json(episode)
        #expect(json["series_uuid"] == "series-1")
        #expect(json["season_uuid"] == "season-2")
        #expect(json["season_number"] == 2)
        #expect(json["episode_number"] == 7)
        #expect(view.single(episode).bytes == json.compactBytes, "members are written in sorted order")
        let movie = try view.json(Self.asset)
        for key in ["series_uuid", "season_uuid", "season_number", "episode_number"] {
            #expect(movie[key] == nil, "\(key)")
        }
        #expect(view.single(Self.asset).bytes == movie.compactBytes)
    }

    @Test func noEnglishFallsBackToAnyLanguage() {
        #expect(LocalizedText.pick(["pt": "Calor", "fr": "Chaleur"], for: .english)?.text == "Chaleur")
        #expect(LocalizedText.pick([:], for: .english) == nil)
    }
}
