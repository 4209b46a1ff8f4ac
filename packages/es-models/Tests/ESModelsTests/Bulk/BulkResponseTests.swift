import Testing

@testable import ESModels

@Suite struct BulkResponseTests {
    @Test func decodesTheDocumentationResponseWithAFailedItem() throws {
        let documented = """
            {
              "took": 486,
              "errors": true,
              "items": [
                {
                  "update": {
                    "_index": "index1",
                    "_id": "5",
                    "status": 404,
                    "error": {
                      "type": "document_missing_exception",
                      "reason": "[5]: document missing",
                      "index_uuid": "aAsFqTI0Tc2W0LCWgPNrOA",
                      "shard": "0",
                      "index": "index1"
                    }
                  }
                },
                {
                  "index": {
                    "_index": "index1",
                    "_id": "6",
                    "_version": 1,
                    "result": "created",
                    "_shards": { "total": 2, "successful": 1, "failed": 0 },
                    "_seq_no": 0,
                    "_primary_term": 1,
                    "status": 201
                  }
                }
              ]
            }
            """
        let response = try BulkResponse(jsonText: documented)
        #expect(response.took == 486)
        #expect(response.errors)
        #expect(response.failures.count == 1)
        let failure = try #require(response.items.first)
        #expect(failure.action == .update)
        #expect(failure.status == 404)
        #expect(failure.error?.type == "document_missing_exception")
        #expect(failure.error?.metadata["shard"] == "0")
        let success = try #require(response.items.last)
        #expect(
            success
                == BulkItemResult(
                    action: .index, index: "index1", id: "6", status: 201, result: .created,
                    shards: ShardStatistics(total: 2, successful: 1, failed: 0)))
        #expect(response.json == (try JSONValue(parsing: documented)))
    }

    @Test func errorsFlagFollowsTheItems() throws {
        let ok = BulkResponse(items: [
            BulkItemResult(action: .delete, index: "i", id: "1", status: 200, result: .deleted)
        ])
        #expect(!ok.errors)
        let failed = BulkResponse(items: [
            BulkItemResult(
                action: .create, index: "i", id: "1",
                failure: .documentAlreadyExists(index: "i", id: "1", version: 1))
        ])
        #expect(failed.errors)
        #expect(failed.items[0].status == 409)
        #expect(failed.items[0].isFailure)
        #expect(try BulkResponse(json: failed.json) == failed)
    }
}
