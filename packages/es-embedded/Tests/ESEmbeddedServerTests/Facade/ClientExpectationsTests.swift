import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// What the official clients (elasticsearch-py 8, opensearch-py) rely on and Elasticsearch 8
/// does: answers in the media type asked for, a delete that ignores missing indices when told
/// to, and `-1` for an untracked total as a number.
@Suite struct ClientExpectationsTests {
    private static let compatible = "application/vnd.elasticsearch+json;compatible-with=8"

    private func withFacade(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws {
        let backend = FacadeFixture.backend()
        _ = try await backend.index("docs", id: "1", document: ["n": 1], refresh: .immediate)
        try await FacadeFixture.test(mode, backend: backend, body)
    }

    @Test(arguments: TestingMode.allCases)
    func answersInTheMediaTypeAskedFor(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let asked = try await client.get("/docs/_count", headers: ["Accept": Self.compatible])
            #expect(asked.status == .ok)
            #expect(asked.headers["Content-Type"] == Self.compatible)
            let seven = try await client.get(
                "/docs/_count", headers: ["Accept": "application/vnd.elasticsearch+json; compatible-with=7"])
            #expect(seven.headers["Content-Type"] == "application/vnd.elasticsearch+json;compatible-with=7")
            let missing = try await client.get("/nowhere/_count", headers: ["Accept": Self.compatible])
            #expect(missing.status == .notFound)
            #expect(missing.headers["Content-Type"] == Self.compatible, "error envelopes too")
            let plain = try await client.get("/docs/_count")
            #expect(plain.headers["Content-Type"] == "application/json")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func deletingWithIgnoreUnavailableLeavesMissingIndicesOut(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let missing = try await client.delete("/nowhere", query: ["ignore_unavailable": "true"])
            #expect(missing.status == .ok)
            #expect(try JSONValue(parsing: missing.body) == ["acknowledged": true])
            let strict = try await client.delete("/nowhere")
            #expect(strict.status == .notFound)
            let mixed = try await client.delete("/nowhere,docs", query: ["ignore_unavailable": "true"])
            #expect(mixed.status == .ok)
            #expect(try await client.head("/docs").status == .notFound)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func anUntrackedTotalAsANumberIsMinusOne(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let response = try await client.post(
                "/docs/_search", query: ["rest_total_hits_as_int": "true"],
                headers: ["Content-Type": "application/json"], body: .text(#"{"track_total_hits":false}"#))
            #expect(response.status == .ok, "\(response.bodyText)")
            #expect(try JSONValue(parsing: response.body)["hits"]?["total"] == -1)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func theSourceEndpointAnswersTheDocumentsSourceAlone(mode: TestingMode) async throws {
        try await withFacade(mode) { client in
            let source = try await client.get("/docs/_source/1")
            #expect(source.status == .ok)
            #expect(try JSONValue(parsing: source.body) == ["n": 1])
            #expect(try await client.head("/docs/_source/1").status == .ok)
            let missing = try await client.get("/docs/_source/nope")
            #expect(missing.status == .notFound)
            #expect(
                try JSONValue(parsing: missing.body)["error"]?["reason"] == "Document not found [docs]/[nope]"
            )
            #expect(try await client.head("/docs/_source/nope").status == .notFound)
        }
    }
}
