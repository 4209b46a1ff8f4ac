import Catalogue
import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import HTTPKitTesting
import IntegrationFixtures
import SeededRandom
import Testing
import TimeKitTesting

@Suite struct ErrorTests {
    @Test(.useData())
    func unknownPathIs404InJSON() async throws {
        let response = try await websiteClient.get("/catalogue/nothing")
        #expect(response.status == .notFound)
        #expect(response.errorMessage != nil)
    }

    @Test(.useData())
    func wrongMethodIs405() async throws {
        let response = try await websiteClient.send(Request(method: .post, path: "/catalogue/promos"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"]?.contains("GET") == true)
    }

    /// A search store nobody listens on: the API answers 503 with `Retry-After`, never 500.
    @Test func unreachableStoreIs503() async throws {
        let backend = try await unreachableBackend()
        let logs = InMemoryLogSink()
        let application = CatalogueApp(
            backend: backend, clock: Fixtures.clock, monotonic: ManualClock().clock
        )
        .makeApplication(logger: Logger(label: "catalogue", sink: logs), logRequests: false)
        for path in ["/catalogue/promos", "/catalogue/assets", "/catalogue/territories"] {
            let response = await application.handle(Request(method: .get, path: path))
            #expect(response.status == .serviceUnavailable, "\(path)")
            #expect(response.headers["Retry-After"] == "5")
            #expect(response.errorMessage?.hasPrefix("the search store is unavailable") == true)
            #expect(
                response.errorMessage?.contains("127.0.0.1") == false, "the store's address stays private")
        }
        #expect(
            logs.records.contains { $0.level == .error && $0.message.contains("search store unavailable") })
        for path in ["/health", "/health/ready"] {
            let response = await application.handle(Request(method: .get, path: path))
            #expect(response.status == .serviceUnavailable, "\(path)")
            #expect(response.headers["Retry-After"] == "5")
            #expect(try response.json["reasons"] == ["the search store cannot be reached"])
        }
        #expect(await application.handle(Request(method: .get, path: "/health/live")).status == .ok)
    }

    @Test(
        .useData(
            FixtureData(sets: [FixtureSet(.territory, Fixtures.mainTerritories)], indices: ["territories"])))
    func missingIndexIs503() async throws {
        let response = try await websiteClient.get("/catalogue/assets", query: ["content_country": "KE"])
        #expect(response.status == .serviceUnavailable)
        #expect(response.errorMessage?.contains("assetflat' does not exist") == true)
        let health = try await websiteClient.get("/health")
        #expect(health.status == .serviceUnavailable)
    }

    @Test(.useData(assetflats: [[:]]))
    func healthIsOKWhenTheStoreAnswers() async throws {
        let response = try await anonymousClient.get("/health")
        #expect(response.status == .ok)
        #expect(try response.json == ["status": "ok"])
    }

    /// Whatever a client sends, the answer is never a 500.
    @Test(.useData(assetflats: [[:]], promos: [[:]], sportsEvents: [[:]]))
    func noUserInputMakesA500() async throws {
        let paths = [
            "/catalogue/by_id", "/catalogue/assets", "/catalogue/asset/uuid-1", "/catalogue/search",
            "/catalogue/promos",
            "/catalogue/events", "/catalogue/territories", "/catalogue/languages", "/catalogue/categories",
            "/catalogue/ratings",
        ]
        let names = [
            "id", "id[]", "q", "type", "category", "language", "lang", "content_country", "start", "num",
            "sort",
            "from", "to", "sport", "competition", "main", "parent", "top_level", "system", "territory",
            "series", "cursor", "facets",
        ]
        let values = [
            "", " ", ",", "-1", "0", "99999999999999999999", "KE", "xx", "now-1d", "%", "'; DROP", "\u{0}",
            "🙂",
            String(repeating: "a", count: 300), "2025-06-01", "true", "movie,episode,", "null", "[]", "{}",
            "e30.AAAAAAAAAAAAAAAAAAAAAA", "category,type,",
        ]
        let clients = [
            androidClient, anonymousClient.header("Catalogue-Client", "🙂"), tvClient.apiMajor("0x88"),
        ]
        var random = SplitMix64(seed: 7)
        for round in 0..<600 {
            let path = paths[round % paths.count]
            var query = QueryItems()
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                query.append(
                    name: names.randomElement(using: &random) ?? "q",
                    value: values.randomElement(using: &random) ?? "")
            }
            let client = clients[round % clients.count]
            let response = try await client.get(path, query: query)
            #expect(response.status.code < 500, "\(path)?\(query.encoded) -> \(response)")
            #expect(response.errorMessage != nil || response.status == .ok)
        }
        let logs = try CatalogueFixture.current().logs.records
        #expect(!logs.contains { $0.level >= .error }, "\(logs)")
    }
}
