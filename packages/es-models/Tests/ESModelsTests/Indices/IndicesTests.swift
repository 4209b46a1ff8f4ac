import Testing

@testable import ESModels

@Suite struct IndicesTests {
    @Test func indexResponseMatchesTheDocumentation() throws {
        let documented = try JSONValue(
            parsing: """
                {
                  "_shards": { "total": 2, "failed": 0, "successful": 2 },
                  "_index": "my-index-000001",
                  "_id": "W0tpsmIBdwcYyG50zbta",
                  "_version": 1,
                  "_seq_no": 0,
                  "_primary_term": 1,
                  "result": "created"
                }
                """)
        let response = try IndexResponse(json: documented)
        #expect(
            response
                == IndexResponse(
                    index: "my-index-000001", id: "W0tpsmIBdwcYyG50zbta",
                    shards: ShardStatistics(total: 2, successful: 2)))
        #expect(response.json == documented)
    }

    @Test func getDocumentResponseFoundAndMissing() throws {
        let found = try GetDocumentResponse(
            jsonText:
                #"{"_index": "my-index-000001", "_id": "0", "_version": 1, "_seq_no": 0, "_primary_term": 1, "found": true, "_source": {"code": "KE"}}"#
        )
        #expect(found.found)
        #expect(found.source == ["code": "KE"])
        #expect(try GetDocumentResponse(json: found.json) == found)
        let missing = try GetDocumentResponse(jsonText: #"{"_index": "x", "_id": "1", "found": false}"#)
        #expect(!missing.found)
        #expect(missing.json == ["_index": "x", "_id": "1", "found": false])
        struct Code: Decodable, Equatable { var code: String }
        #expect(try found.document(as: Code.self) == Code(code: "KE"))
        #expect(try missing.document(as: Code.self) == nil)
    }

    @Test func aliasActionsMatchTheDocumentation() throws {
        let documented = try JSONValue(
            parsing: """
                {
                  "actions": [
                    { "remove": { "index": "logs-nginx.access-prod", "alias": "logs" } },
                    { "add": { "index": "logs-my_app-default", "alias": "logs" } }
                  ]
                }
                """)
        let request = try UpdateAliasesRequest(json: documented)
        #expect(
            request
                == UpdateAliasesRequest([
                    .remove(index: "logs-nginx.access-prod", alias: "logs"),
                    .add(index: "logs-my_app-default", alias: "logs"),
                ]))
        #expect(request.json == documented)
    }

    @Test func aliasActionsExpandArraysAndKeepOptions() throws {
        let request = try UpdateAliasesRequest(
            json: [
                "actions": [
                    [
                        "add": [
                            "indices": ["a", "b"], "alias": "x", "is_write_index": true,
                            "filter": ["term": ["k": "v"]],
                        ]
                    ],
                    ["remove": ["index": "c", "aliases": ["x", "y"], "must_exist": true]],
                    ["remove_index": ["index": "old"]],
                ]
            ])
        let definition = AliasDefinition(filter: .term("k", "v"), isWriteIndex: true)
        #expect(
            request.actions == [
                .add(index: "a", alias: "x", definition: definition),
                .add(index: "b", alias: "x", definition: definition),
                .remove(index: "c", alias: "x", mustExist: true),
                .remove(index: "c", alias: "y", mustExist: true),
                .removeIndex(index: "old"),
            ])
        #expect(try UpdateAliasesRequest(json: request.json) == request)
    }

    @Test func swapBuildsOneAtomicRequest() {
        let swap = UpdateAliasesRequest.swap(
            alias: "assetflat", to: "assetflat-2", from: ["assetflat-1", "assetflat-2"])
        #expect(
            swap.actions == [
                .add(index: "assetflat-2", alias: "assetflat"),
                .remove(index: "assetflat-1", alias: "assetflat"),
            ])
    }

    @Test(arguments: [
        (
            #"{"actions": []}"#, "action_request_validation_exception",
            "Validation Failed: 1: Must specify at least one alias action;"
        ),
        (
            #"{"actions": [{"add": {"alias": "x"}}]}"#, "action_request_validation_exception",
            "Validation Failed: 1: One of [index] or [indices] is required;"
        ),
        (
            #"{"actions": [{"add": {"index": "i"}}]}"#, "action_request_validation_exception",
            "Validation Failed: 1: One of [alias] or [aliases] is required;"
        ),
        (
            #"{"actions": [{"rename": {"index": "i", "alias": "a"}}]}"#, "x_content_parse_exception",
            "[aliases] unknown field [rename]"
        ),
        (
            #"{"actions": [{"add": {"index": "i", "alias": "a", "colour": 1}}]}"#,
            "x_content_parse_exception", "[add] unknown field [colour]"
        ),
        (
            #"{"actions": [], "dry_run": true}"#, "x_content_parse_exception",
            "[aliases] unknown field [dry_run]"
        ),
    ])
    func rejectsMalformedAliasRequests(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try UpdateAliasesRequest(jsonText: text) }
    }

    @Test func getAliasAndGetMappingResponses() throws {
        let aliases = try GetAliasResponse(
            jsonText: #"{"assetflat-2": {"aliases": {"assetflat": {}}}, "assetflat-1": {"aliases": {}}}"#)
        #expect(aliases.indices(withAlias: "assetflat") == ["assetflat-2"])
        #expect(aliases.aliasNames == ["assetflat"])
        #expect(try GetAliasResponse(json: aliases.json) == aliases)
        let mappings = try GetMappingResponse(
            jsonText:
                #"{"assetflat-2": {"mappings": {"dynamic": "strict", "properties": {"uuid": {"type": "keyword"}}}}}"#
        )
        #expect(mappings.single?.index == "assetflat-2")
        #expect(mappings["assetflat-2"] == Mapping(dynamic: .strict) { Property.keyword("uuid") })
        #expect(try GetMappingResponse(json: mappings.json) == mappings)
    }

    @Test func smallResponsesRoundTrip() throws {
        #expect(try AcknowledgedResponse(jsonText: #"{"acknowledged": true}"#) == AcknowledgedResponse())
        let created = try CreateIndexResponse(
            jsonText: #"{"acknowledged": true, "shards_acknowledged": true, "index": "my-index-000001"}"#)
        #expect(created == CreateIndexResponse(index: "my-index-000001"))
        #expect(try CreateIndexResponse(json: created.json) == created)
        let refreshed = try RefreshResponse(
            jsonText: #"{"_shards": {"total": 2, "successful": 1, "failed": 0}}"#)
        #expect(refreshed.shards == ShardStatistics(total: 2, successful: 1))
        #expect(try RefreshResponse(json: refreshed.json) == refreshed)
    }

    @Test func refreshPolicyParsesTheQueryParameter() throws {
        #expect(try RefreshPolicy(parameter: nil) == RefreshPolicy.none)
        #expect(try RefreshPolicy(parameter: "") == .immediate)
        #expect(try RefreshPolicy(parameter: "true") == .immediate)
        #expect(try RefreshPolicy(parameter: "wait_for") == .waitFor)
        #expect(RefreshPolicy.waitFor.parameter == "wait_for")
        expectElasticsearchError(
            type: "illegal_argument_exception", reason: "Unknown value for refresh: [soon]."
        ) {
            _ = try RefreshPolicy(parameter: "soon")
        }
    }
}
