import Testing

@testable import ESModels

@Suite struct SearchResponseTests {
    private struct User: Decodable, Equatable {
        var id: String
        var name: String
    }

    private let documented = """
        {
          "took": 5,
          "timed_out": false,
          "_shards": { "total": 1, "successful": 1, "skipped": 0, "failed": 0 },
          "hits": {
            "total": { "value": 20, "relation": "eq" },
            "max_score": 1.3862942,
            "hits": [
              {
                "_index": "my-index-000001",
                "_id": "0",
                "_score": 1.3862942,
                "_source": { "id": "kimchy", "name": "Shay" }
              },
              {
                "_index": "my-index-000001",
                "_id": "1",
                "_score": 1.0,
                "_source": { "id": "elkbee", "name": "Elk" }
              }
            ]
          }
        }
        """

    @Test func decodesTheDocumentedResponse() throws {
        let response = try SearchResponse(jsonText: documented)
        #expect(response.took == 5)
        #expect(response.shards == ShardStatistics(total: 1, successful: 1, skipped: 0, failed: 0))
        #expect(response.hits.total == TotalHits(value: 20, relation: .eq))
        #expect(response.hits.maxScore == 1.3862942)
        #expect(response.ids == ["0", "1"])
        #expect(
            try response.documents(as: User.self) == [
                User(id: "kimchy", name: "Shay"), User(id: "elkbee", name: "Elk"),
            ])
        #expect(try SearchResponse(json: response.json) == response)
        #expect(try response.json == JSONValue(parsing: documented))
    }

    @Test func untrackedTotalsAndSortedHitsRoundTrip() throws {
        let response = SearchResponse(
            hits: SearchHits(
                total: nil,
                hits: [
                    SearchHit(
                        index: "i", id: "1", score: nil, source: ["a": 1], sort: [1_700_000_000_000, "x"])
                ]))
        let json = response.json
        #expect(json["hits"]?["total"] == nil)
        #expect(json["hits"]?["max_score"] == .null)
        #expect(json["hits"]?["hits"]?[0]?["_score"] == .null)
        #expect(try SearchResponse(json: json) == response)
    }

    @Test func readsTheLegacyNumericTotal() throws {
        let response = try SearchResponse(json: [
            "took": 1, "hits": ["total": 4, "max_score": nil, "hits": []],
        ])
        #expect(response.hits.total == TotalHits(value: 4))
        #expect(response.hits.hits.isEmpty)
    }

    @Test func hitWithoutSourceCannotBeDecoded() {
        let hit = SearchHit(index: "i", id: "7")
        #expect(throws: SearchTransportError.self) { try hit.document(as: User.self) }
    }

    @Test func countResponseRoundTrips() throws {
        let response = try CountResponse(
            jsonText: #"{"count": 3, "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0}}"#)
        #expect(response == CountResponse(count: 3))
        #expect(try CountResponse(json: response.json) == response)
    }
}
