import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// `binary`, `rank_feature` and `rank_features` fields, and the `rank_feature` query's functions.
@Suite struct RankFeatureTests {
    private func withIndex(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode) { client in
            #expect(
                try await send(
                    client, .put, "/r",
                    #"{"mappings":{"properties":{"pagerank":{"type":"rank_feature"},"length":{"type":"rank_feature","positive_score_impact":false},"topics":{"type":"rank_features"},"blob":{"type":"binary"}}}}"#
                ).status == 200)
            #expect(
                try await send(
                    client, .put, "/r/_doc/1",
                    #"{"pagerank":8,"length":10,"topics":{"sports":5},"blob":"U29tZQ=="}"#
                ).status == 201)
            #expect(
                try await send(
                    client, .put, "/r/_doc/2", #"{"pagerank":2,"length":100,"topics":{"sports":50}}"#
                ).status == 201)
            _ = try await client.post("/r/_refresh")
            try await body(client)
        }
    }

    private func send(_ client: TestClient, _ method: HTTPMethod, _ path: String, _ body: String) async throws
        -> (status: Int, json: JSONValue)
    {
        let response = try await client.execute(
            method, path, headers: ["Content-Type": "application/json"], body: .text(body))
        return (response.status.code, try JSONValue(parsing: response.body))
    }

    private func scores(_ client: TestClient, _ query: String) async throws -> [String: Double] {
        let answer = try await send(client, .post, "/r/_search", #"{"query":{"rank_feature":\#(query)}}"#)
        var result: [String: Double] = [:]
        for hit in answer.json["hits"]?["hits"]?.arrayValue ?? [] {
            result[hit["_id"]?.stringValue ?? ""] = hit["_score"]?.doubleValue
        }
        return result
    }

    @Test(arguments: TestingMode.allCases)
    func eachFunctionScoresAsElasticsearchDefinesIt(mode: TestingMode) async throws {
        try await withIndex(mode) { client in
            let saturation = try await scores(client, #"{"field":"pagerank","saturation":{"pivot":8}}"#)
            #expect(saturation["1"] == 0.5)
            #expect(saturation["2"] == 0.2)
            // Without a pivot: the geometric mean of the values, 4.
            let defaulted = try await scores(client, #"{"field":"pagerank"}"#)
            #expect(abs((defaulted["1"] ?? 0) - 8.0 / 12) < 1e-6)
            let log = try await scores(client, #"{"field":"topics.sports","log":{"scaling_factor":1}}"#)
            #expect(abs((log["2"] ?? 0) - Foundation.log(51)) < 1e-5)
            let sigmoid = try await scores(
                client, #"{"field":"pagerank","sigmoid":{"pivot":2,"exponent":2}}"#)
            #expect(abs((sigmoid["2"] ?? 0) - 0.5) < 1e-6)
            let linear = try await scores(client, #"{"field":"pagerank","linear":{},"boost":2}"#)
            #expect(linear["1"] == 16)
            // A negative impact scores the shorter document higher: pivot / (S + pivot).
            let short = try await scores(client, #"{"field":"length","saturation":{"pivot":10}}"#)
            #expect(abs((short["1"] ?? 0) - 0.5) < 1e-6)
            #expect(abs((short["2"] ?? 0) - 10.0 / 110) < 1e-6)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func valuesAreCheckedAtIndexingAsElasticsearchChecksThem(mode: TestingMode) async throws {
        try await withIndex(mode) { client in
            #expect(try await send(client, .put, "/r/_doc/3", #"{"pagerank":-1}"#).status == 400)
            #expect(try await send(client, .put, "/r/_doc/3", #"{"pagerank":[1,2]}"#).status == 400)
            #expect(try await send(client, .put, "/r/_doc/3", #"{"topics":{"sports":0}}"#).status == 400)
            let blob = try await send(client, .put, "/r/_doc/3", #"{"blob":"not base64!"}"#)
            #expect(blob.status == 400)
            #expect(blob.json["error"]?["caused_by"]?["reason"] == "Illegal base64 character")
            let mapping = try await send(client, .get, "/r/_mapping", "")
            #expect(mapping.json["r"]?["mappings"]?["properties"]?["blob"] == ["type": "binary"])
            let wrong = try await send(
                client, .post, "/r/_search", #"{"query":{"rank_feature":{"field":"blob"}}}"#)
            #expect(wrong.status == 400)
            let two = try await send(
                client, .post, "/r/_search",
                #"{"query":{"rank_feature":{"field":"pagerank","log":{"scaling_factor":1},"linear":{}}}}"#)
            #expect(two.status == 400)
        }
    }
}
