import Testing

@testable import ESModels

@Suite struct ElasticsearchErrorTests {
    private let documentedNotFound = """
        {
          "error": {
            "root_cause": [
              {
                "type": "index_not_found_exception",
                "reason": "no such index [my-index]",
                "resource.type": "index_or_alias",
                "resource.id": "my-index",
                "index_uuid": "_na_",
                "index": "my-index"
              }
            ],
            "type": "index_not_found_exception",
            "reason": "no such index [my-index]",
            "resource.type": "index_or_alias",
            "resource.id": "my-index",
            "index_uuid": "_na_",
            "index": "my-index"
          },
          "status": 404
        }
        """

    @Test func decodesTheEnvelope() throws {
        let error = try ElasticsearchError(jsonText: documentedNotFound)
        #expect(error.type == "index_not_found_exception")
        #expect(error.reason == "no such index [my-index]")
        #expect(error.status == 404)
        #expect(error.cause.metadata["resource.id"] == "my-index")
        #expect(error.rootCauses.map(\.type) == ["index_not_found_exception"])
        #expect(
            error.description
                == "elasticsearch error index_not_found_exception (status 404): no such index [my-index]")
    }

    @Test func commonErrorsEncodeExactlyAsElasticsearchAnswers() throws {
        #expect(
            ElasticsearchError.indexNotFound("my-index").json == (try JSONValue(parsing: documentedNotFound)))
        #expect(
            try ElasticsearchError(json: ElasticsearchError.indexNotFound("x").json) == .indexNotFound("x"))
    }

    @Test func nestedCausesRoundTripAndShowInTheDescription() throws {
        let json: JSONValue = [
            "error": [
                "root_cause": [["type": "parse_exception", "reason": "failed to parse date field [x]"]],
                "type": "search_phase_execution_exception", "reason": "all shards failed",
                "caused_by": [
                    "type": "parse_exception", "reason": "failed to parse date field [x]",
                    "caused_by": ["type": "illegal_argument_exception", "reason": "bad input"],
                ],
            ],
            "status": 400,
        ]
        let error = try ElasticsearchError(json: json)
        #expect(error.cause.causedBy?.causedBy?.type == "illegal_argument_exception")
        #expect(error.json == json)
        #expect(
            error.description
                == "elasticsearch error search_phase_execution_exception (status 400): all shards failed; "
                + "caused by parse_exception: failed to parse date field [x]; caused by illegal_argument_exception: bad input"
        )
    }

    @Test func decodesTheShortStringForm() throws {
        let error = try ElasticsearchError(jsonText: #"{"error": "alias [x] missing", "status": 404}"#)
        #expect(error.type == "status_exception")
        #expect(error.reason == "alias [x] missing")
        #expect(error.status == 404)
    }

    @Test func rejectsWhatIsNotAnEnvelope() {
        #expect(throws: ElasticsearchError.self) { try ElasticsearchError(json: ["error": ["type": "x"]]) }
        #expect(throws: ElasticsearchError.self) { try ElasticsearchError(json: ["status": 500]) }
        #expect(throws: ElasticsearchError.self) {
            try ElasticsearchError(json: ["error": ["reason": "r"], "status": 500])
        }
    }

    @Test func constructorsCarryElasticsearchTypesAndStatuses() {
        let cases: [(ElasticsearchError, String, Int)] = [
            (.parsing("r"), "parsing_exception", 400),
            (.xContentParse("r"), "x_content_parse_exception", 400),
            (.illegalArgument("r"), "illegal_argument_exception", 400),
            (.mapperParsing("r"), "mapper_parsing_exception", 400),
            (.parse("r"), "parse_exception", 400),
            (.validation(["a"]), "action_request_validation_exception", 400),
            (.indexAlreadyExists("i", uuid: "u"), "resource_already_exists_exception", 400),
            (.documentMissing(index: "i", id: "1"), "document_missing_exception", 404),
            (
                .documentAlreadyExists(index: "i", id: "1", version: 2), "version_conflict_engine_exception",
                409
            ),
            (.strictDynamicMapping(field: "f", within: "_doc"), "strict_dynamic_mapping_exception", 400),
            (.documentParsing("r"), "document_parsing_exception", 400),
        ]
        for (error, type, status) in cases {
            #expect(error.type == type)
            #expect(error.status == status)
        }
        #expect(
            ElasticsearchError.validation(["index is missing", "id is missing"]).reason
                == "Validation Failed: 1: index is missing;2: id is missing;")
        #expect(ElasticsearchError.indexAlreadyExists("i", uuid: "u").reason == "index [i/u] already exists")
        #expect(
            ElasticsearchError.strictDynamicMapping(field: "colour", within: "_doc").reason
                == "mapping set to strict, dynamic introduction of [colour] within [_doc] is not allowed")
        #expect(
            ElasticsearchError.documentAlreadyExists(index: "i", id: "1", version: 2).reason
                == "[1]: version conflict, document already exists (current version [2])")
    }

    @Test func parseErrorsBecomeXContentParseExceptionsWithPosition() {
        let error = ElasticsearchError(
            parseError: JSONParseError(line: 1, column: 9, message: "unexpected character 'x'"))
        #expect(error.type == "x_content_parse_exception")
        #expect(error.reason == "[1:9] unexpected character 'x'")
        #expect(error.cause.metadata["line"] == 1)
        #expect(error.cause.metadata["col"] == 9)
    }

    @Test func retryableStatuses() {
        #expect(
            ElasticsearchError(type: "es_rejected_execution_exception", reason: "", status: 429).isRetryable)
        #expect(ElasticsearchError(type: "x", reason: "", status: 503).isRetryable)
        #expect(!ElasticsearchError.indexNotFound("x").isRetryable)
    }

    @Test func transportErrorsSayWhatToDo() {
        #expect(
            SearchTransportError.unreachable(url: "http://127.0.0.1:9", reason: "connection refused")
                .description
                == "cannot reach the search cluster at 'http://127.0.0.1:9': connection refused; check that it is running and that the url is right"
        )
        #expect(
            SearchTransportError.timedOut(url: "u", after: .seconds(2)).description.contains(
                "did not answer within 2 seconds"))
    }
}
