import CatalogueTestSupport
import ESModels
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct SearchAsYouTypeTests {
    static let films: [JSONValue] = [
        [
            "uuid": "heat", "titles": ["en": "Heat", "fr": nil, "sw": nil, "pt": nil],
            "created_at": .datetime(daysFromNow: -3000),
        ],
        [
            "uuid": "heat-wave", "titles": ["en": "Heat Wave", "fr": nil, "sw": nil, "pt": nil],
            "created_at": .datetime(daysFromNow: -1),
        ],
        [
            "uuid": "inception", "titles": ["en": "Inception", "fr": "Origine", "sw": nil, "pt": nil],
        ],
        [
            "uuid": "old-storm", "titles": ["en": "Storm Warning", "fr": nil, "sw": nil, "pt": nil],
            "created_at": .datetime(daysFromNow: -700),
        ],
        [
            "uuid": "new-storm", "titles": ["en": "Storm Chasers", "fr": nil, "sw": nil, "pt": nil],
            "created_at": .datetime(daysFromNow: -5),
        ],
        [
            "uuid": "ended", "titles": ["en": "Heatwave Ended"],
            "license_windows": [["end": .datetimePassed]],
        ],
        [
            "uuid": "final", "type": "sport_event",
            "titles": ["en": "Cup Final", "fr": nil, "sw": nil, "pt": nil],
        ],
    ]

    @Test(.useData(assetflats: films))
    func theStartOfAWordFindsTheTitle() async throws {
        let response = try await websiteClient.get("/catalogue/search", query: ["q": "hea"])
        #expect(response.status == .ok)
        #expect(try Set(response.uuids) == ["heat", "heat-wave"])
        let twoWords = try await websiteClient.get("/catalogue/search", query: ["q": "heat wa"])
        #expect(try twoWords.uuids == ["heat-wave"])
    }

    @Test(.useData(assetflats: films))
    func aTypoIsToleratedInWordsOfFiveLettersOrMore() async throws {
        let short = try await websiteClient.get("/catalogue/search", query: ["q": "heta"])
        #expect(try short.json["count"] == 0)
        let long = try await websiteClient.get("/catalogue/search", query: ["q": "Inceptoin"])
        #expect(try long.uuids == ["inception"])
        let twoWords = try await websiteClient.get("/catalogue/search", query: ["q": "strom chasers"])
        #expect(try twoWords.uuids == ["new-storm"])
    }

    @Test(.useData(assetflats: films))
    func anExactTitleComesFirstThenTheMostRecent() async throws {
        // Heat is years older than Heat Wave, yet the exact title.
        let heat = try await websiteClient.get("/catalogue/search", query: ["q": "heat"])
        #expect(try heat.uuids == ["heat", "heat-wave"])
        let anyCase = try await websiteClient.get("/catalogue/search", query: ["q": "HEAT WAVE"])
        #expect(try anyCase.uuids.first == "heat-wave")
        // Two titles matching alike: the newer first.
        let storm = try await websiteClient.get("/catalogue/search", query: ["q": "storm"])
        #expect(try storm.uuids == ["new-storm", "old-storm"])
    }

    @Test(.useData(assetflats: films))
    func theMatchingWordsOfTheShownTitleAreHighlighted() async throws {
        let response = try await websiteClient.get("/catalogue/search", query: ["q": "heat wa"])
        #expect(try response.items.first?["highlight"] == "<em>Heat</em> <em>Wave</em>")
        let typo = try await websiteClient.get("/catalogue/search", query: ["q": "inceptoin"])
        #expect(try typo.items.first?["highlight"] == "<em>Inception</em>")
        let listing = try await websiteClient.get("/catalogue/assets")
        #expect(try listing.items.allSatisfy { $0["highlight"] == nil })
    }

    @Test(.useData(assetflats: films))
    func aTitleOnlyInEnglishIsFoundForASwahiliClient() async throws {
        let response = try await androidClient.get("/catalogue/search", query: ["q": "incep", "lang": "swa"])
        #expect(try response.uuids == ["inception"])
        let item = try #require(try response.items.first)
        #expect(item["title"] == "Inception")
        #expect(item["title_language"] == "eng")
        #expect(item["highlight"] == "<em>Inception</em>")
        // A French client sees the French title; matched in English, it has no highlight.
        let french = try await websiteClient.get("/catalogue/search", query: ["q": "incep", "lang": "fra"])
        #expect(try french.items.first?["title"] == "Origine")
        #expect(try french.items.first?["highlight"] == nil)
    }

    @Test(.useData(assetflats: films))
    func onlyAvailableAssetsOfTypesTheClientIsServed() async throws {
        let ended = try await websiteClient.get("/catalogue/search", query: ["q": "heatwave end"])
        #expect(try ended.json["count"] == 0)
        let sportEvent = try await androidClient.apiMajor(135).get("/catalogue/search", query: ["q": "final"])
        #expect(try sportEvent.json["count"] == 0)
        let served = try await androidClient.get("/catalogue/search", query: ["q": "final"])
        #expect(try served.uuids == ["final"])
    }
}
