import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitTesting
import Testing

/// `ignore_unavailable` and `allow_no_indices` on every read API that takes them: a missing
/// index ignored answers as Elasticsearch does (an empty answer, not a 404), a pattern that
/// matches nothing is a 404 only with `allow_no_indices=false`.
@Suite struct IndicesOptionsTests {
    /// Each API, and what it answers for a missing index that is ignored.
    static let apis: [(method: HTTPMethod, path: String, ignored: JSONValue?)] = [
        (.get, "/missing", [:]), (.get, "/missing/_mapping", [:]), (.get, "/missing/_settings", [:]),
        (.get, "/missing/_alias", [:]), (.get, "/_cat/indices/missing", []),
        (.get, "/missing/_search", nil), (.get, "/missing/_count", nil), (.post, "/missing/_refresh", nil),
        (.get, "/missing/_stats", nil),
    ]

    private func client(_ body: (TestClient) async throws -> Void) async throws {
        let backend = FacadeFixture.backend()
        _ = try await backend.createIndex("present", definition: IndexDefinition())
        try await FacadeFixture.test(.router, backend: backend, body)
    }

    @Test(arguments: 0..<apis.count)
    func aMissingIndexIgnoredIsAnEmptyAnswer(api: Int) async throws {
        let (method, path, ignored) = Self.apis[api]
        try await client { client in
            let format: QueryItems = path.hasPrefix("/_cat") ? ["format": "json"] : [:]
            let missing = try await client.execute(method, path, query: format)
            #expect(missing.status == .notFound, "\(path)")
            #expect(
                try JSONValue(parsing: missing.body)["error"]?["type"] == "index_not_found_exception",
                "\(path)")

            var query = format
            query.append(name: "ignore_unavailable", value: "true")
            let answer = try await client.execute(method, path, query: query)
            #expect(answer.status == .ok, "\(path)")
            if let ignored { #expect(try JSONValue(parsing: answer.body) == ignored, "\(path)") }
        }
    }

    @Test func aPatternMatchingNothingIsAnErrorOnlyWhenAsked() async throws {
        try await client { client in
            for path in ["/none-*/_search", "/none-*/_mapping", "/none-*/_count"] {
                #expect(try await client.get(path).status == .ok, "\(path)")
                let strict = try await client.get(path, query: ["allow_no_indices": "false"])
                #expect(strict.status == .notFound, "\(path)")
                #expect(
                    try JSONValue(parsing: strict.body)["error"]?["reason"] == "no such index [none-*]",
                    "\(path)")
            }
        }
    }
}
