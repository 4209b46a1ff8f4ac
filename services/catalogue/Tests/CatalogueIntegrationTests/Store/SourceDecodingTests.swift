import ESModels
import IntegrationFixtures
import Testing

@testable import Catalogue

/// The catalogue reads models straight from `_source` for speed; each reader must agree with
/// the model's `Decodable` form on documents made from the mapping copy.
@Suite struct SourceDecodingTests {
    func documents(_ kind: FixtureKind, _ overrides: [JSONValue]) throws -> [JSONValue] {
        try FixtureDocumentBuilder(
            kind: kind, mapping: FixtureMappings.shared.mapping(for: kind.index), now: Fixtures.now
        )
        .documents(from: overrides).map(\.source)
    }

    func agree<Model: SourceDecodable & Decodable & Equatable>(_ type: Model.Type, _ sources: [JSONValue])
        throws
    {
        for source in sources {
            let decoded = try source.decode(Model.self)
            #expect(try Model(source: source) == decoded, "\(source)")
            // Straight from the bytes, as answers over HTTP are read, in both member orders.
            for text in [source.compactData, source.canonicalData] {
                #expect(try JSONCursor.read(text) { try Model(reading: &$0) } == decoded, "\(source)")
            }
        }
    }

    @Test func everyReaderAgreesWithDecodable() throws {
        try agree(
            AssetFlat.self,
            documents(
                .assetflat,
                [
                    [:],
                    ["type": "episode", "titles": ["fr": nil], "license_windows": [[:], ["type": "TVOD"]]],
                    ["categories": [], "ratings": [], "languages": []],
                ]))
        try agree(MarketingPromo.self, documents(.promo, [[:], ["promo_type": "sport_call_to_action"]]))
        try agree(
            SportsEvent.self,
            SportsEventGenerator().events(count: 20, from: Fixtures.now, to: Fixtures.date(days: 5)))
        try agree(Territory.self, documents(.territory, Fixtures.allTerritories))
        try agree(Language.self, documents(.language, Fixtures.allLanguages))
        try agree(ESModels.Category.self, documents(.category, Fixtures.categories))
        try agree(Rating.self, documents(.rating, Fixtures.mainRatings))
        try agree(
            PromotedRow.self,
            documents(
                .row,
                [
                    [:],
                    ["end": "now+1d", "min_api_major": 130, "max_api_major": 137, "titles": ["fr": "Rang"]],
                    [
                        "kind": "query", "asset_uuids": [],
                        "query": ["type": "movie", "language": "fr", "sort": "title"],
                    ],
                    ["kind": "live_events", "asset_uuids": [], "query": ["sport": "rugby"]],
                ]))
    }
}
