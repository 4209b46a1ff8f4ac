import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct FixtureDocumentBuilderTests {
    let assets = FixtureDocumentBuilder(
        kind: .assetflat, mapping: try! FixtureMappings.shared.mapping(for: "assetflat"), now: Fixtures.now)

    @Test func emptyOverridesGiveNumberedDefaults() throws {
        let documents = try assets.documents(from: [[:], [:], [:]])
        #expect(documents.map(\.id) == ["uuid-1", "uuid-2", "uuid-3"])
        #expect(documents.allSatisfy { $0.index == "assetflat" })
        #expect(documents[0].source["type"] == "movie")
        #expect(Set(documents.map { $0.source["titles"]?["en"] }).count == 3)
    }

    @Test func objectsMergeAndArraysReplace() throws {
        let document = try assets.document(
            at: 0, override: ["uuid": "heat", "titles": ["en": "Heat"], "categories": ["category-crime"]])
        #expect(document.id == "heat")
        #expect(document.source["titles"]?["en"] == "Heat")
        #expect(document.source["titles"]?["fr"] == Fixtures.assetflat(position: 0)["titles"]?["fr"])
        #expect(document.source["categories"] == ["category-crime"])
    }

    @Test func nullRemovesAMember() throws {
        let document = try assets.document(at: 0, override: ["titles": ["fr": nil, "sw": nil]])
        #expect(document.source["titles"]?["fr"] == nil)
        #expect(document.source["titles"]?["sw"] == nil)
        #expect(document.source["titles"]?["en"] != nil)
    }

    @Test func arrayElementsAreCompletedFromTheirDefault() throws {
        let document = try assets.document(at: 3, override: ["license_windows": [["countries": ["ZA"]]]])
        let windows = try #require(document.source["license_windows"]?.arrayValue)
        #expect(windows.count == 1)
        let window = try #require(windows.first)
        #expect(window["countries"] == ["ZA"])
        #expect(window["uuid"] == "uuid-4-window-1")
        #expect(window["type"] == "SVOD")
        let asset = try document.decode(AssetFlat.self)
        #expect(asset.isLicensed(at: Fixtures.now, in: "ZA"))
        #expect(!asset.isLicensed(at: Fixtures.now, in: "KE"))
    }

    @Test func namedTimesResolveAgainstTheFrozenNow() throws {
        let document = try assets.document(
            at: 0,
            override: ["license_windows": [["end": .datetimePassed], ["start": .datetimeFuture]]])
        let asset = try document.decode(AssetFlat.self)
        #expect(asset.licenseWindows[0].end == Fixtures.date(days: -7))
        #expect(asset.licenseWindows[1].start == Fixtures.date(days: 7))
        #expect(asset.createdAt == Fixtures.date(days: -90))
        #expect(!asset.isLicensed(at: Fixtures.now, in: "KE"))
    }

    @Test func anotherNowMovesEveryRelativeDate() throws {
        var builder = assets
        builder.now = Date(timeIntervalSince1970: 0)
        let asset = try builder.document(at: 0, override: [:]).decode(AssetFlat.self)
        #expect(asset.licenseWindows[0].start == Date(timeIntervalSince1970: -30 * 86_400))
    }

    @Test func dateMathOnlyTouchesDateFields() throws {
        let document = try assets.document(at: 0, override: ["titles": ["en": "now+1d"]])
        #expect(document.source["titles"]?["en"] == "now+1d")
        let start = try #require(document.source["license_windows"]?[0]?["start"]?.stringValue)
        #expect(ISODate.date(from: start) == Fixtures.date(days: -30))
    }

    @Test func badDateMathNamesTheField() throws {
        let error = #expect(throws: FixtureError.self) {
            try assets.document(at: 0, override: ["created_at": "now-3x"])
        }
        guard case .invalidDateMath(_, let id, let field, let value, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(id == "uuid-1")
        #expect(field == "created_at")
        #expect(value == "now-3x")
    }

    @Test func duplicateIDsAreRefused() throws {
        #expect(throws: FixtureError.duplicateID(index: "assetflat", id: "uuid-2")) {
            try assets.documents(from: [["uuid": "uuid-2"], [:]])
        }
    }

    @Test func missingIDIsRefused() throws {
        #expect(throws: FixtureError.missingID(index: "assetflat", position: 0, field: "uuid")) {
            try assets.documents(from: [["uuid": 42]])
        }
    }

    @Test func referenceDataFollowsItsKey() throws {
        let territories = FixtureDocumentBuilder(
            kind: .territory, mapping: try FixtureMappings.shared.mapping(for: "territories"),
            now: Fixtures.now)
        let documents = try territories.documents(from: [["code": "GB"], ["code": "XX", "name": "Nowhere"]])
        #expect(documents[0].source == ["code": "GB", "name": "United Kingdom", "is_main": false])
        #expect(documents[1].source == ["code": "XX", "name": "Nowhere", "is_main": false])
    }
}
