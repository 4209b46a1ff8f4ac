import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// `dense_vector` fields and the `knn` search option, searched exactly (every candidate is
/// compared), with Elasticsearch 8's scores, mapping defaults and errors.
@Suite struct KnnSearchTests {
    private func withVectors(
        _ mode: TestingMode, similarity: String = "cosine", _ body: (TestClient) async throws -> Void
    ) async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode) { client in
            let created = try await send(
                client, .put, "/v",
                #"{"mappings":{"properties":{"vec":{"type":"dense_vector","dims":3,"similarity":"\#(similarity)"},"tag":{"type":"keyword"}}}}"#
            )
            #expect(created.status == .ok, "\(created.bodyText)")
            for (id, vector, tag) in [
                ("1", "[1,0,0]", "a"), ("2", "[0,1,0]", "b"), ("3", "[0.6,0.8,0]", "a"),
                ("4", "[0,0,1]", "b"),
            ] {
                let indexed = try await send(
                    client, .put, "/v/_doc/\(id)", #"{"vec":\#(vector),"tag":"\#(tag)"}"#,
                    query: ["refresh": "true"])
                #expect(indexed.status == .created, "\(indexed.bodyText)")
            }
            try await body(client)
        }
    }

    private func send(
        _ client: TestClient, _ method: HTTPMethod, _ path: String, _ body: String, query: QueryItems = [:]
    ) async throws -> Response {
        try await client.execute(
            method, path, query: query, headers: ["Content-Type": "application/json"], body: .text(body))
    }

    private func hits(_ response: Response) throws -> [(id: String, score: Double)] {
        let json = try JSONValue(parsing: response.body)
        return (json["hits"]?["hits"]?.arrayValue ?? []).map {
            ($0["_id"]?.stringValue ?? "", $0["_score"]?.doubleValue ?? .nan)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func theNearestDocumentsComeFirstWithElasticsearchsCosineScore(mode: TestingMode) async throws {
        try await withVectors(mode) { client in
            let response = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0,0],"k":2,"num_candidates":10}}"#)
            #expect(response.status == .ok, "\(response.bodyText)")
            let found = try hits(response)
            #expect(found.map(\.id) == ["1", "3"])
            // (1 + cos) / 2: 1 for the same direction, (1 + 0.6) / 2 for doc 3.
            #expect(abs(found[0].score - 1) < 1e-6)
            #expect(abs(found[1].score - 0.8) < 1e-6)
            let total = try JSONValue(parsing: response.body)["hits"]?["total"]?["value"]
            #expect(total == 2, "k documents match")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func filtersSimilarityBoostAndAQueryCombineAsInElasticsearch(mode: TestingMode) async throws {
        try await withVectors(mode) { client in
            let filtered = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0,0],"k":5,"num_candidates":10,"filter":{"term":{"tag":"b"}}}}"#
            )
            #expect(try hits(filtered).map(\.id).sorted() == ["2", "4"])
            let similar = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0,0],"k":5,"num_candidates":10,"similarity":0.7}}"#)
            #expect(try hits(similar).map(\.id) == ["1", "3"], "below 0.7 is left out")
            // With a query: the union of both, the scores added (doc 3: 0.8 * 2 from knn, plus its term score).
            let both = try await send(
                client, .post, "/v/_search",
                #"{"query":{"constant_score":{"filter":{"term":{"tag":"a"}},"boost":0.5}},"knn":{"field":"vec","query_vector":[0,1,0],"k":1,"num_candidates":10,"boost":2}}"#
            )
            let found = try hits(both)
            #expect(found.map(\.id) == ["2", "1", "3"] || found.map(\.id) == ["2", "3", "1"])
            #expect(abs((found.first { $0.id == "2" }?.score ?? 0) - 2) < 1e-6)
            #expect(abs((found.first { $0.id == "3" }?.score ?? 0) - 0.5) < 1e-6)
            // `k` defaults to `size`.
            let sized = try await send(
                client, .post, "/v/_search", #"{"size":3,"knn":{"field":"vec","query_vector":[1,0,0]}}"#)
            #expect(try hits(sized).count == 3)
        }
    }

    /// Doc 3 ([0.6, 0.8, 0]) against [1, 0, 0]: squared distance 0.16 + 0.64, dot product 0.6.
    static let similarities: [(String, Double)] = [
        ("l2_norm", 1.0 / 1.8), ("dot_product", 1.6 / 2), ("max_inner_product", 1.6),
    ]

    @Test(arguments: similarities)
    func eachSimilarityScoresAsElasticsearchDefinesIt(similarity: String, expected: Double) async throws {
        try await withVectors(.router, similarity: similarity) { client in
            let response = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0,0],"k":4,"num_candidates":10}}"#)
            let third = try hits(response).first { $0.id == "3" }
            #expect(abs((third?.score ?? 0) - expected) < 1e-6, "\(response.bodyText)")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func mappingDefaultsAndErrorsAreElasticsearchs(mode: TestingMode) async throws {
        try await withVectors(mode) { client in
            let mapping = try JSONValue(parsing: try await client.get("/v/_mapping").body)
            #expect(
                mapping["v"]?["mappings"]?["properties"]?["vec"]
                    == [
                        "type": "dense_vector", "dims": 3, "index": true, "similarity": "cosine",
                        "index_options": ["type": "int8_hnsw", "m": 16, "ef_construction": 100],
                    ])
            let short = try await send(client, .put, "/v/_doc/9", #"{"vec":[1,2]}"#)
            #expect(short.status == .badRequest)
            #expect(
                try JSONValue(parsing: short.body)["error"]?["reason"]
                    == "The [dense_vector] field [vec] in doc [document with id '9'] has a different number of dimensions [2] than defined in the mapping [3]"
            )
            let zero = try await send(client, .put, "/v/_doc/9", #"{"vec":[0,0,0]}"#)
            #expect(zero.status == .badRequest, "cosine cannot compare a zero vector")
            let notNumbers = try await send(client, .put, "/v/_doc/9", #"{"vec":"up"}"#)
            #expect(notNumbers.status == .badRequest)

            let wrongLength = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0],"k":1,"num_candidates":5}}"#)
            #expect(wrongLength.status == .badRequest)
            #expect(
                try JSONValue(parsing: wrongLength.body)["error"]?["root_cause"]?[0]?["reason"]
                    == "The query vector has a different number of dimensions [2] than the document vectors [3]."
            )
            let keyword = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"tag","query_vector":[1,0,0],"k":1,"num_candidates":5}}"#)
            #expect(keyword.status == .badRequest)
            let fewCandidates = try await send(
                client, .post, "/v/_search",
                #"{"knn":{"field":"vec","query_vector":[1,0,0],"k":5,"num_candidates":2}}"#)
            #expect(
                try JSONValue(parsing: fewCandidates.body)["error"]?["reason"]
                    == "[num_candidates] cannot be less than [k]")
            let unknown = try await send(
                client, .post, "/v/_search", #"{"knn":{"field":"vec","query_vector":[1,0,0],"kk":1}}"#)
            #expect(try JSONValue(parsing: unknown.body)["error"]?["type"] == "x_content_parse_exception")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func scriptScoreReadsVectorsDocValuesAndTheInnerScore(mode: TestingMode) async throws {
        try await withVectors(mode) { client in
            let cosine = try await send(
                client, .post, "/v/_search",
                #"{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"cosineSimilarity(params.q, 'vec') + 1.0","params":{"q":[1,0,0]}}}}}"#
            )
            let found = try hits(cosine)
            #expect(found.map(\.id) == ["1", "3", "2", "4"])
            #expect(abs(found[1].score - 1.6) < 1e-6)
            let distance = try await send(
                client, .post, "/v/_search",
                #"{"query":{"script_score":{"query":{"term":{"tag":"a"}},"min_score":0.6,"script":{"source":"1 / (1 + l2norm(params.q, 'vec'))","params":{"q":[1,0,0]}}}}}"#
            )
            #expect(try hits(distance).map(\.id) == ["1"], "doc 3 scores 1 / (1 + 0.894) < 0.6")
            let docValues = try await send(
                client, .post, "/v/_search",
                #"{"query":{"script_score":{"query":{"constant_score":{"filter":{"term":{"tag":"b"}},"boost":2}},"script":"doc['tag'].value == 'b' && doc['tag'].size() == 1 ? _score * 3 : 0"}}}"#
            )
            #expect(try hits(docValues).map(\.score) == [6, 6])
            let negative = try await send(
                client, .post, "/v/_search",
                #"{"query":{"script_score":{"query":{"match_all":{}},"script":"-1"}}}"#)
            #expect(negative.status == .badRequest)
            #expect(
                try JSONValue(parsing: negative.body)["error"]?["root_cause"]?[0]?["reason"]?.stringValue?
                    .hasSuffix(
                        "Must be a non-negative score!") == true)
            let broken = try await send(
                client, .post, "/v/_search",
                #"{"query":{"script_score":{"query":{"match_all":{}},"script":"doc['nope'].value"}}}"#)
            #expect(broken.status == .badRequest)
            #expect(
                try JSONValue(parsing: broken.body)["error"]?["root_cause"]?[0]?["type"] == "script_exception"
            )
        }
    }
}
