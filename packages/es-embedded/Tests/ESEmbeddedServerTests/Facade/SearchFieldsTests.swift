import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// `post_filter`, `docvalue_fields` and `script_fields`, as Elasticsearch 8 answers them.
@Suite struct SearchFieldsTests {
    private func withDocuments(_ mode: TestingMode, _ body: (TestClient) async throws -> Void) async throws {
        try await FacadeFixture.test(mode) { client in
            _ = try await search(
                client, path: "/f", method: .put,
                #"{"mappings":{"properties":{"tag":{"type":"keyword"},"n":{"type":"long"},"at":{"type":"date"},"title":{"type":"text","fields":{"raw":{"type":"keyword"}}}}}}"#
            )
            _ = try await search(
                client, path: "/f/_doc/1", method: .put,
                #"{"tag":["b","a"],"n":5,"at":"2024-01-02T03:04:05Z","title":"Hello"}"#)
            _ = try await search(
                client, path: "/f/_doc/2", method: .put, #"{"tag":"c","n":1,"title":"World"}"#)
            _ = try await client.post("/f/_refresh")
            try await body(client)
        }
    }

    private func search(
        _ client: TestClient, path: String = "/f/_search", method: HTTPMethod = .post, _ body: String
    ) async throws -> (status: Int, json: JSONValue) {
        let response = try await client.execute(
            method, path, headers: ["Content-Type": "application/json"], body: .text(body))
        return (response.status.code, try JSONValue(parsing: response.body))
    }

    @Test(arguments: TestingMode.allCases)
    func postFilterNarrowsHitsButNotAggregations(mode: TestingMode) async throws {
        try await withDocuments(mode) { client in
            let answer = try await search(
                client, #"{"post_filter":{"term":{"tag":"c"}},"aggs":{"tags":{"terms":{"field":"tag"}}}}"#)
            #expect(answer.json["hits"]?["total"]?["value"] == 1)
            #expect(answer.json["hits"]?["hits"]?[0]?["_id"] == "2")
            let keys = answer.json["aggregations"]?["tags"]?["buckets"]?.arrayValue?.compactMap { $0["key"] }
            #expect(keys == ["a", "b", "c"], "aggregations read the query's matches")
        }
    }

    @Test(arguments: TestingMode.allCases)
    func docvalueFieldsAreSortedTypedAndDatesFormatted(mode: TestingMode) async throws {
        try await withDocuments(mode) { client in
            let answer = try await search(
                client,
                #"{"query":{"ids":{"values":["1"]}},"_source":false,"docvalue_fields":["tag","n","title.raw","at",{"field":"at","format":"epoch_millis"},"nothing"]}"#
            )
            let fields = answer.json["hits"]?["hits"]?[0]?["fields"]
            #expect(fields?["tag"] == ["a", "b"])
            #expect(fields?["n"] == [5])
            #expect(fields?["title.raw"] == ["Hello"])
            #expect(fields?["at"] == ["1704164645000"], "the last entry for a field wins")
            #expect(fields?["nothing"] == nil)
            let iso = try await search(
                client, #"{"query":{"ids":{"values":["1"]}},"docvalue_fields":["at"]}"#)
            #expect(iso.json["hits"]?["hits"]?[0]?["fields"]?["at"] == ["2024-01-02T03:04:05.000Z"])
            let missing = try await search(
                client, #"{"query":{"ids":{"values":["2"]}},"docvalue_fields":["at"]}"#)
            #expect(missing.json["hits"]?["hits"]?[0]?["fields"] == nil, "no values, no fields")
            let text = try await search(client, #"{"docvalue_fields":["title"]}"#)
            #expect(text.status == 400)
            #expect(
                text.json["error"]?["root_cause"]?[0]?["reason"]?.stringValue?.hasPrefix(
                    "Fielddata is disabled on [title]") == true)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func scriptFieldsComputeAValuePerHit(mode: TestingMode) async throws {
        try await withDocuments(mode) { client in
            let answer = try await search(
                client,
                #"{"sort":[{"n":"asc"}],"script_fields":{"twice":{"script":{"source":"doc['n'].value * params.k","params":{"k":2}}},"title":{"script":"params._source.title.toUpperCase()"},"broken":{"script":"doc['n'].value / 0","ignore_failure":true}}}"#
            )
            #expect(answer.status == 200, "\(answer.json)")
            let hits = answer.json["hits"]?["hits"]?.arrayValue ?? []
            #expect(hits.map { $0["fields"]?["twice"] } == [[2], [10]])
            #expect(hits.map { $0["fields"]?["title"] } == [["WORLD"], ["HELLO"]])
            #expect(hits.first?["fields"]?["broken"] == nil)
            let failing = try await search(
                client, #"{"script_fields":{"x":{"script":"doc['n'].value / 0"}}}"#)
            #expect(failing.status == 400)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func storedFieldsAnswerTheFieldsMappedWithStore(mode: TestingMode) async throws {
        try await withDocuments(mode) { client in
            _ = try await search(
                client, path: "/s", method: .put,
                #"{"mappings":{"properties":{"title":{"type":"text","store":true},"meta":{"properties":{"year":{"type":"long","store":true}}},"body":{"type":"text"}}}}"#
            )
            _ = try await search(
                client, path: "/s/_doc/1", method: .put,
                #"{"title":"Dune","meta":{"year":1965},"body":"spice"}"#)
            _ = try await client.post("/s/_refresh")
            let got = try await client.get("/s/_doc/1", query: ["stored_fields": "title,meta.*,body"])
            let document = try JSONValue(parsing: got.body)
            #expect(document["fields"] == ["title": ["Dune"], "meta.year": [1965]], "body is not stored")
            #expect(document["_source"] == nil)
            let withSource = try JSONValue(
                parsing: try await client.get(
                    "/s/_doc/1", query: ["stored_fields": "title", "_source": "true"]
                ).body)
            #expect(withSource["_source"]?["body"] == "spice")
            let searched = try await search(
                client, path: "/s/_search", #"{"stored_fields":["title","body"]}"#)
            let hit = searched.json["hits"]?["hits"]?[0]
            #expect(hit?["fields"] == ["title": ["Dune"]])
            #expect(hit?["_source"] == nil)
        }
    }

    @Test(arguments: TestingMode.allCases)
    func collapseKeepsTheBestHitOfEachValue(mode: TestingMode) async throws {
        try await withDocuments(mode) { client in
            _ = try await search(
                client, path: "/f/_doc/3", method: .put, #"{"tag":"c","n":9,"title":"Again"}"#)
            let multiValued = try await search(client, #"{"collapse":{"field":"tag"}}"#)
            #expect(multiValued.status == 500, "doc 1 has two tags: a collapse field must be single valued")
            _ = try await search(
                client, path: "/f/_doc/1", method: .put, #"{"tag":"b","n":5,"title":"Hello"}"#)
            _ = try await client.post("/f/_refresh")
            let answer = try await search(client, #"{"sort":[{"n":"desc"}],"collapse":{"field":"tag"}}"#)
            #expect(answer.status == 200, "\(answer.json)")
            let hits = answer.json["hits"]?["hits"]?.arrayValue ?? []
            #expect(hits.map { $0["_id"] } == ["3", "1"], "doc 2 shares doc 3's tag and ranks lower")
            #expect(hits.map { $0["fields"]?["tag"] } == [["c"], ["b"]])
            #expect(answer.json["hits"]?["total"]?["value"] == 3, "the total counts documents, not groups")
            let paged = try await search(
                client, #"{"sort":[{"n":"desc"}],"collapse":{"field":"tag"},"from":1,"size":1}"#)
            #expect(paged.json["hits"]?["hits"]?[0]?["_id"] == "1")
            let text = try await search(client, #"{"collapse":{"field":"title"}}"#)
            #expect(text.status == 400)
            // Each group's hits come with its best one, in the search's order.
            let inner = try await search(
                client,
                #"{"sort":[{"n":"desc"}],"collapse":{"field":"tag","inner_hits":{"name":"same","size":5}}}"#)
            #expect(inner.status == 200, "\(inner.json)")
            let groups = inner.json["hits"]?["hits"]?.arrayValue ?? []
            #expect(groups.map { $0["inner_hits"]?["same"]?["hits"]?["total"]?["value"] } == [2, 1])
            #expect(
                groups.first?["inner_hits"]?["same"]?["hits"]?["hits"]?.arrayValue?.map { $0["_id"] } == [
                    "3", "2",
                ])
            #expect(groups.first?["inner_hits"]?["same"]?["hits"]?["hits"]?[1]?["_source"]?["n"] == 1)
            let unsupported = try await search(
                client, #"{"collapse":{"field":"tag","inner_hits":{"name":"x","sort":"n"}}}"#)
            #expect(unsupported.status == 400, "said, not ignored")
            // A multi-field collapses on its parent's values.
            let raw = try await search(client, #"{"sort":[{"n":"desc"}],"collapse":{"field":"title.raw"}}"#)
            #expect(
                raw.json["hits"]?["hits"]?.arrayValue?.map { $0["fields"]?["title.raw"] } == [
                    ["Again"], ["Hello"], ["World"],
                ])
        }
    }
}
