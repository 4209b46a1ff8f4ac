import Catalogue
import CatalogueTestSupport
import ESEmbedded
import ESModels
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing
import TimeKitTesting

/// The fields the catalogue queries agree with the synced mapping copy, and an index whose
/// mapping differs (a `text` field where the copy says `keyword`) is a named, logged 503 from
/// the endpoints that read it and from `/health/ready`, never a 500.
@Suite struct MappingCompatibilityTests {
    @Test(arguments: IndexName.allCases)
    func theRequirementsAgreeWithTheSyncedCopy(index: IndexName) throws {
        let mapping = try FixtureMappings.shared.mapping(for: index.rawValue)
        #expect(MappingCompatibility.problem(in: mapping, for: index) == nil)
        #expect(MappingCompatibility.requirements[index]?.isEmpty == false)
    }

    /// An engine with every index of the copy, `ratings`' `system` mapped as `text`.
    func engineWithATextRatingSystem() async throws -> EmbeddedSearchBackend {
        let engine = EmbeddedSearchBackend(clock: Fixtures.clock)
        for index in try FixtureMappings.shared.indexNames() {
            var definition = try FixtureMappings.shared.definition(for: index)
            if index == "ratings" { definition.mappings.properties["system"]?.type = .text }
            _ = try await engine.createIndex(index, definition: definition)
        }
        let territory: JSONValue = ["code": "KE", "name": "Kenya", "is_main": true]
        let rating: JSONValue = [
            "uuid": "r1", "system": "KFCB", "code": "PG", "minimum_age": 10, "is_main": true,
            "territories": ["KE"],
        ]
        _ = try await engine.index("territories", id: "KE", document: territory, refresh: .immediate)
        _ = try await engine.index("ratings", id: "r1", document: rating, refresh: .immediate)
        return engine
    }

    @Test func aMismatchedMappingIsANamedNotReadyAndA503NotA500() async throws {
        let logs = InMemoryLogSink()
        let application = CatalogueApp(
            backend: try await engineWithATextRatingSystem(), clock: Fixtures.clock,
            monotonic: ManualClock().clock
        ).makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        let ratings = await application.handle(Request(method: .get, path: "/catalogue/ratings"))
        #expect(ratings.status == .serviceUnavailable, "\(ratings)")
        #expect(ratings.errorMessage?.contains("'ratings' has a mapping this catalogue cannot read") == true)
        #expect(
            logs.records.contains {
                $0.level == .error
                    && $0.message.contains(
                        "[breaking] system: type is [text] in the live index, [keyword] in the catalogue's mapping"
                    )
            })
        let ready = await application.handle(Request(method: .get, path: "/health/ready"))
        #expect(ready.status == .serviceUnavailable)
        let reasons = try #require(try ready.json["reasons"]?.arrayValue)
        #expect(reasons.count == 1)
        #expect(reasons.first?.stringValue?.contains("index 'ratings'") == true)
        #expect(
            reasons.first?.stringValue?.contains(
                "[breaking] system: type is [text] in the live index, [keyword] in the catalogue's mapping")
                == true)
        let territories = await application.handle(Request(method: .get, path: "/catalogue/territories"))
        #expect(territories.status == .ok, "the other indices are still served")
    }
}

extension MappingCompatibilityTests {
    @Test func theStartUpCheckNamesAMismatchedMapping() async throws {
        let app = CatalogueApp(
            backend: try await engineWithATextRatingSystem(), clock: Fixtures.clock,
            monotonic: ManualClock().clock)
        let problem = try #require(await app.storeProblem())
        #expect(problem.contains("index 'ratings' has a mapping the catalogue cannot read"))
        #expect(
            problem.contains(
                "[breaking] system: type is [text] in the live index, [keyword] in the catalogue's mapping"))
    }

    @Test(.useData(assetflats: [[:]]))
    func everyAnswerCarriesItsRequestID() async throws {
        let given = try await androidClient.header("X-Request-ID", "trace-42").get("/catalogue/assets")
        #expect(given.headers["X-Request-Id"] == "trace-42")
        let refused = try await androidClient.apiMajor(1).get("/catalogue/assets")
        #expect(refused.status == .badRequest)
        #expect(refused.headers["X-Request-Id"]?.count == 16)
    }
}
