import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// Where Elasticsearch 8 is strict the facade is too, and the reading APIs real client code
/// uses (search_after, point in time, scroll, aggregations), in-process and over loopback.
@Suite struct FaithfulnessTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]

    private func withSeededFacade(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws
    {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        try await seed(backend, catalogueDocuments)
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode, body)
    }

    private func body(_ response: Response) throws -> JSONValue {
        try JSONValue(parsing: response.body)
    }

    private func search(_ client: TestClient, _ json: String, query: QueryItems = [:]) async throws
        -> JSONValue
    {
        let response = try await client.post(
            "/catalogue/_search", query: query, headers: Self.json, body: .text(json))
        #expect(response.status == .ok, "\(response.bodyText)")
        return try body(response)
    }

    @Test(arguments: TestingMode.allCases)
    func leniencesAreRefusedAsElasticsearchRefusesThem(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let typed = try await client.put(
                "/catalogue/_mapping", headers: Self.json,
                body: #"{"_doc":{"properties":{"x":{"type":"keyword"}}}}"#)
            #expect(typed.status == .badRequest)
            #expect(try body(typed)["error"]?["reason"] == "Types cannot be provided in put mapping requests")

            let nodes = try await client.get("/_nodes")
            #expect(nodes.status == .badRequest)
            #expect(try body(nodes)["error"] == "no handler found for uri [/_nodes] and method [GET]")
            let features = try await client.get("/_features")
            #expect(features.status == .badRequest)
            #expect(try body(features)["error"] == "no handler found for uri [/_features] and method [GET]")
            let mget = try await client.post("/_mget", headers: Self.json, body: #"{"docs":[]}"#)
            #expect(mget.status == .badRequest)
            #expect(try body(mget)["error"]?["reason"] == "Validation Failed: 1: no documents to get;")

            let nine = try await client.get(
                "/", headers: ["Accept": "application/vnd.elasticsearch+json; compatible-with=9"])
            #expect(nine.status == .badRequest)
            #expect(try body(nine)["error"]?["type"] == "media_type_header_exception")
            #expect(
                try body(nine)["error"]?["caused_by"]?["reason"]
                    == "Accept version must be either version 8 or 7, but found 9. Accept=application/vnd.elasticsearch+json; compatible-with=9"
            )
            let eight = try await client.get(
                "/", headers: ["Accept": "application/vnd.elasticsearch+json; compatible-with=8"])
            #expect(eight.status == .ok)

            let unknown = try await client.get("/catalogue/_search", query: ["bogus": "1"])
            #expect(
                try body(unknown)["error"]?["reason"]
                    == "request [/catalogue/_search] contains unrecognized parameter: [bogus]")

            let inexact = try await client.get(
                "/catalogue/_search", query: ["rest_total_hits_as_int": "true", "track_total_hits": "100"])
            #expect(inexact.status == .badRequest)
            let asInt = try await client.get("/catalogue/_search", query: ["rest_total_hits_as_int": "true"])
            #expect(try body(asInt)["hits"]?["total"] == 5)

            let missing = try await client.get("/catalogue,nothere/_search")
            #expect(missing.status == .notFound)
            let ignored = try await client.get(
                "/catalogue,nothere/_search", query: ["ignore_unavailable": "true", "size": "0"])
            #expect(try body(ignored)["hits"]?["total"]?["value"] == 5)

            let filtered = try await client.get(
                "/catalogue/_search", query: ["filter_path": "hits.hits._id,-hits.hits._index", "size": "1"])
            #expect(try body(filtered) == ["hits": ["hits": [["_id": "a1"]]]])

            let stored = try await search(client, #"{"stored_fields":[],"size":1}"#)
            #expect(stored["hits"]?["hits"]?[0]?["_source"] == nil)
            #expect(stored["hits"]?["hits"]?[0]?["_id"] == "a1")

            let opaque = try await client.get("/", headers: ["X-Opaque-Id": "trace-1"])
            #expect(opaque.headers["X-Opaque-Id"] == "trace-1")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func searchAfterPagesThroughEveryDocumentOnce(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            var seen: [String] = []
            var after: JSONValue?
            for _ in 0..<5 {
                var request: [String: JSONValue] = [
                    "size": 2, "sort": [["year": ["order": "desc"]], ["uuid": "asc"]],
                ]
                if let after { request["search_after"] = after }
                let page = try await search(client, JSONValue.object(request).compactString)
                guard case .array(let hits)? = page["hits"]?["hits"], !hits.isEmpty else { break }
                seen += hits.compactMap { $0["_id"]?.stringValue }
                after = hits.last?["sort"]
            }
            // a4 has no year: it sorts last (Long.MIN_VALUE when descending) and is still reached.
            #expect(seen == ["a5", "a3", "a1", "a2", "a4"])
            let wrongLength = try await client.post(
                "/catalogue/_search", headers: Self.json, body: #"{"sort":["uuid"],"search_after":[1,2]}"#)
            #expect(wrongLength.status == .badRequest)
            #expect(
                try body(wrongLength)["error"]?["root_cause"]?[0]?["reason"]
                    == "search_after has 2 value(s) but sort has 1.")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func pointInTimeKeepsItsSnapshotAndScrollReadsEverything(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let opened = try body(try await client.post("/catalogue/_pit", query: ["keep_alive": "1m"]))
            let id = try #require(opened["id"]?.stringValue)
            _ = try await client.delete("/catalogue/_doc/a1", query: ["refresh": "true"])
            let page = try await client.post(
                "/_search", headers: Self.json,
                body: .text(
                    JSONValue.object([
                        "pit": ["id": .string(id), "keep_alive": "1m"], "sort": ["uuid"], "size": 10,
                    ]).compactString))
            #expect(try body(page)["hits"]?["total"]?["value"] == 5)
            #expect(try body(page)["pit_id"]?.stringValue == id)
            #expect(try body(page)["hits"]?["hits"]?[0]?["sort"]?.arrayValue?.count == 2)
            let withIndex = try await client.post(
                "/catalogue/_search", headers: Self.json,
                body: .text(JSONValue.object(["pit": ["id": .string(id)]]).compactString))
            #expect(withIndex.status == .badRequest)
            let closed = try await client.delete(
                "/_pit", headers: Self.json, body: .text(JSONValue.object(["id": .string(id)]).compactString))
            #expect(try body(closed) == ["succeeded": true, "num_freed": 1])
            let gone = try await client.post(
                "/_search", headers: Self.json,
                body: .text(JSONValue.object(["pit": ["id": .string(id)]]).compactString))
            #expect(gone.status == .notFound)
            #expect(try body(gone)["error"]?["root_cause"]?[0]?["type"] == "search_context_missing_exception")

            var first = try await search(client, #"{"size":1,"sort":["_doc"]}"#, query: ["scroll": "1m"])
            var ids = first["hits"]?["hits"]?.arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
            let scrollID = try #require(first["_scroll_id"]?.stringValue)
            while true {
                first = try body(
                    try await client.post(
                        "/_search/scroll", headers: Self.json,
                        body: .text(
                            JSONValue.object(["scroll": "1m", "scroll_id": .string(scrollID)]).compactString))
                )
                let hits = first["hits"]?["hits"]?.arrayValue ?? []
                if hits.isEmpty { break }
                ids += hits.compactMap { $0["_id"]?.stringValue }
            }
            #expect(ids.sorted() == ["a2", "a3", "a4", "a5"])
            let cleared = try await client.delete(
                "/_search/scroll", headers: Self.json,
                body: .text(JSONValue.object(["scroll_id": [.string(scrollID)]]).compactString))
            #expect(try body(cleared)["num_freed"] == 1)
            let again = try await client.delete(
                "/_search/scroll", headers: Self.json,
                body: .text(JSONValue.object(["scroll_id": [.string(scrollID)]]).compactString))
            #expect(again.status == .notFound, "nothing freed")
            // Clearing `_all` counts nodes, as Elasticsearch does: it succeeds with nothing open.
            let all = try await client.delete("/_search/scroll/_all")
            #expect(all.status == .ok)
            #expect(try body(all) == ["succeeded": true, "num_freed": 1])
        }
    }

    @Test(arguments: TestingMode.allCases)
    func aggregationsBucketAndMeasure(mode: TestingMode) async throws {
        try await withSeededFacade(mode) { client in
            let result = try await search(
                client,
                #"""
                {"size":0,"aggs":{
                  "types":{"terms":{"field":"type","size":2},"aggs":{"best":{"max":{"field":"rating"}}}},
                  "categories":{"terms":{"field":"categories"}},
                  "years":{"histogram":{"field":"year","interval":1000}},
                  "per_day":{"date_histogram":{"field":"published","calendar_interval":"day"}},
                  "rated":{"range":{"field":"rating","ranges":[{"to":8},{"from":8}]}},
                  "year_stats":{"stats":{"field":"year"}},
                  "distinct":{"cardinality":{"field":"type"}},
                  "featured":{"filter":{"term":{"featured":true}}},
                  "windows":{"nested":{"path":"windows"},"aggs":{"countries":{"terms":{"field":"windows.countries"}},
                    "back":{"reverse_nested":{}}}}
                }}
                """#)
            let aggregations = try #require(result["aggregations"])
            #expect(result["hits"]?["hits"] == [])
            #expect(aggregations["types"]?["buckets"]?[0]?["key"] == "movie")
            #expect(aggregations["types"]?["buckets"]?[0]?["doc_count"] == 2)
            #expect(aggregations["types"]?["buckets"]?[0]?["best"]?["value"]?.doubleValue?.rounded() == 8)
            // Four types, two kept: the other two documents are counted, not listed.
            #expect(aggregations["types"]?["sum_other_doc_count"] == 2)
            #expect(
                aggregations["categories"]?["buckets"] == [
                    ["key": "drama", "doc_count": 2], ["key": "crime", "doc_count": 1],
                ])
            #expect(aggregations["years"]?["buckets"]?.arrayValue?.map { $0["key"] } == [1000.0, 2000.0])
            #expect(aggregations["per_day"]?["buckets"]?[0]?["key_as_string"] == "2023-12-01T00:00:00.000Z")
            #expect(aggregations["rated"]?["buckets"]?[0]?["key"] == "*-8.0")
            #expect(aggregations["rated"]?["buckets"]?[0]?["doc_count"] == 2)
            #expect(aggregations["year_stats"]?["count"] == 4)
            #expect(aggregations["distinct"]?["value"] == 4)
            #expect(aggregations["featured"]?["doc_count"] == 2)
            #expect(aggregations["windows"]?["doc_count"] == 4)
            // KE and NG both have two window objects: equal counts order by key.
            #expect(aggregations["windows"]?["countries"]?["buckets"]?[0] == ["key": "KE", "doc_count": 2])
            #expect(aggregations["windows"]?["back"]?["doc_count"] == 3)

            let text = try await client.post(
                "/catalogue/_search", headers: Self.json, body: #"{"aggs":{"t":{"terms":{"field":"title"}}}}"#
            )
            #expect(text.status == .badRequest)
            #expect(
                try body(text)["error"]?["root_cause"]?[0]?["reason"]?.stringValue?.hasPrefix(
                    "Fielddata is disabled on [title]")
                    == true)
            let unknown = try await client.post(
                "/catalogue/_search", headers: Self.json, body: #"{"aggs":{"t":{"term":{"field":"type"}}}}"#)
            #expect(
                try body(unknown)["error"]?["reason"]
                    == "Unknown aggregation type [term] did you mean [terms]?")
        }
    }
}
