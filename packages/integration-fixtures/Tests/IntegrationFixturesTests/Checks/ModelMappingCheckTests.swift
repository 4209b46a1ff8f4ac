import ESModels
import Foundation
import IntegrationFixtures
import Testing

/// The three sides (the indexer's mapping, the fixture copy, es-models' document models) must
/// not drift apart: cms-indexer's MappingSyncTests tie the copy to the indexer, these tests tie
/// the copy to the models.
@Suite struct ModelMappingCheckTests {
    func sample<Model: Decodable>(_ kind: FixtureKind, _ override: JSONValue = [:], as type: Model.Type)
        throws
        -> Model
    {
        let builder = FixtureDocumentBuilder(
            kind: kind, mapping: try FixtureMappings.shared.mapping(for: kind.index), now: Fixtures.now)
        return try builder.document(at: 0, override: override).decode(type)
    }

    func issues<Model: Codable>(_ model: Model, _ index: IndexName) throws -> [ModelMappingIssue] {
        try ModelMappingCheck.issues(
            sample: model, mapping: FixtureMappings.shared.mapping(for: index.rawValue))
    }

    @Test func assetflatAgreesWithTheCopy() throws {
        let asset = try sample(.assetflat, as: AssetFlat.self)
        #expect(try issues(asset, .assetflat) == [])
        let episodeOverride = try #require(Fixtures.series("series-1", episodesPerSeason: [1]).last)
        let episode = try sample(.assetflat, episodeOverride, as: AssetFlat.self)
        #expect(episode.episodeNumber == 1)
        #expect(try issues(episode, .assetflat) == [])
    }

    @Test func referenceModelsAgreeWithTheCopy() throws {
        #expect(try issues(sample(.territory, as: Territory.self), .territories) == [])
        #expect(try issues(sample(.language, as: Language.self), .languages) == [])
        #expect(try issues(sample(.rating, as: Rating.self), .ratings) == [])
        let football = try sample(.category, ["uuid": "category-football"], as: ESModels.Category.self)
        #expect(football.parentUUID != nil)
        #expect(try issues(football, .categories) == [])
    }

    @Test func promoAndEventModelsAgreeWithTheCopy() throws {
        #expect(try issues(sample(.promo, as: MarketingPromo.self), .marketingPromos) == [])
        #expect(try issues(sample(.sportsEvent, as: SportsEvent.self), .sportsEvents) == [])
    }

    @Test func rowModelAgreesWithTheCopy() throws {
        let curated = try sample(.row, as: PromotedRow.self)
        #expect(curated.kind == .curated && curated.assetUUIDs == ["uuid-1", "uuid-2", "uuid-3"])
        // Every optional field set, as the check wants (a row of any kind may carry both lists).
        let full = try sample(
            .row,
            [
                "kind": "query", "min_api_major": 130, "max_api_major": 140, "end": "now+7d",
                "query": [
                    "type": "movie", "category": "category-action", "language": "en", "sport": "football",
                    "sort": "title",
                ],
            ], as: PromotedRow.self)
        #expect(
            full.query
                == RowQuery(
                    type: .movie, category: "category-action", language: "en", sport: "football", sort: .title
                ))
        let found = try issues(full, .rows)
        #expect(found == [], "\(found)")
    }

    @Test func everyIndexOfTheCopyIsChecked() throws {
        #expect(Set(try FixtureMappings.shared.indexNames()) == Set(IndexName.allCases.map(\.rawValue)))
    }

    // A model and mappings that disagree in each way the check looks for.

    struct Show: Codable {
        var uuid: String
        var year: Int
        var extra: String
        var titles: [String: String]
    }

    let show = Show(uuid: "s-1", year: 1995, extra: "x", titles: ["en": "Heat"])

    @Test func findsAFieldTheMappingLacks() throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.integer("year")
            Property.object("titles", dynamic: .true) {}
        }
        let found = try ModelMappingCheck.issues(sample: show, mapping: mapping)
        #expect(found.map(\.path) == ["extra"])
        #expect(found.first?.kind == .unmappedField)
    }

    @Test func findsAnIncompatibleType() throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("year")
            Property.keyword("extra")
            Property.object("titles", dynamic: .true) {}
        }
        let found = try ModelMappingCheck.issues(sample: show, mapping: mapping)
        #expect(found.map(\.kind) == [.incompatibleType])
        #expect(found.first?.path == "year")
    }

    @Test func findsAMappedFieldTheModelDrops() throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.integer("year")
            Property.keyword("extra")
            Property.keyword("country")
            Property.object("titles", dynamic: .true) {}
        }
        let found = try ModelMappingCheck.issues(sample: show, mapping: mapping)
        #expect(
            found == [
                ModelMappingIssue(path: "country", kind: .droppedField, detail: found.first?.detail ?? "")
            ])
    }

    @Test func findsADroppedObjectField() throws {
        struct Ranked: Codable {
            var uuid: String
            var rank: Int
        }
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.integer("rank")
            Property.object("meta") { Property.keyword("source") }
        }
        let found = try ModelMappingCheck.issues(sample: Ranked(uuid: "a", rank: 1), mapping: mapping)
        #expect(found.map(\.kind) == [.droppedField])
        #expect(found.first?.path == "meta.source")
    }

    @Test func findsAnUndecodableDocument() throws {
        struct Tagged: Codable {
            enum Kind: String, Codable { case known }
            var uuid: String
            var kind: Kind?
        }
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.integer("kind")
        }
        let found = try ModelMappingCheck.issues(sample: Tagged(uuid: "a", kind: nil), mapping: mapping)
        #expect(found.map(\.kind) == [.undecodable])
    }

    @Test func nestedFieldsAreCheckedToo() throws {
        struct Outer: Codable {
            struct Window: Codable { var start: String }
            var windows: [Window]
        }
        let mapping = Mapping(dynamic: .strict) {
            Property.nested("windows", dynamic: .strict) { Property.date("start") }
        }
        let good = try ModelMappingCheck.issues(
            sample: Outer(windows: [.init(start: "2025-01-01T00:00:00Z")]), mapping: mapping)
        #expect(good == [])
        let bad = try ModelMappingCheck.issues(
            sample: Outer(windows: [.init(start: "soon")]), mapping: mapping)
        #expect(bad.map(\.path) == ["windows.start"])
    }
}
