import Testing

@testable import ESModels

/// Malformed queries fail with the error type and reason Elasticsearch gives.
@Suite struct QueryErrorTests {
    @Test(arguments: [
        (#"{"foo": {}}"#, "parsing_exception", "unknown query [foo]"),
        (#"{}"#, "parsing_exception", "query malformed, empty clause found"),
        (#""term""#, "parsing_exception", "[_na] query malformed, must start with start_object"),
        (
            #"{"term": {"a": "x"}, "match": {"b": "y"}}"#, "parsing_exception",
            "[match] malformed query, expected [END_OBJECT] but found [FIELD_NAME] ([term])"
        ),
        (
            #"{"term": {"a": "x", "b": "y"}}"#, "parsing_exception",
            "[term] query doesn't support multiple fields, found [a] and [b]"
        ),
        (
            #"{"term": {"a": {"value": "x", "foo": 1}}}"#, "parsing_exception",
            "[term] query does not support [foo]"
        ),
        (#"{"term": {"a": ["x"]}}"#, "parsing_exception", "[term] query does not support array of values"),
        (#"{"terms": {"a": "x"}}"#, "parsing_exception", "[terms] query does not support [a]"),
        (
            #"{"range": {"a": {"gte": 1, "nope": 2}}}"#, "parsing_exception",
            "[range] query does not support [nope]"
        ),
        (#"{"exists": {}}"#, "parsing_exception", "[exists] must be provided with a [field]"),
        (
            #"{"ids": {"values": ["1"], "type": "x"}}"#, "x_content_parse_exception",
            "[ids] unknown field [type]"
        ),
        (#"{"match_all": {"x": 1}}"#, "x_content_parse_exception", "[match_all] unknown field [x]"),
        (
            #"{"bool": {"must": [], "shoud": []}}"#, "parsing_exception",
            "[bool] query does not support [shoud]"
        ),
        (
            #"{"bool": {"must": "x"}}"#, "parsing_exception",
            "[bool] query does not support [must] of type [VALUE_STRING]"
        ),
        (#"{"nested": {"path": "p"}}"#, "parsing_exception", "[nested] requires 'query' field"),
        (#"{"nested": {"query": {"match_all": {}}}}"#, "parsing_exception", "[nested] requires 'path' field"),
        (
            #"{"match": {"m": {"query": "x", "operator": "xor"}}}"#, "illegal_argument_exception",
            "No enum constant for [operator]: [xor]"
        ),
        (
            #"{"bool": {"minimum_should_match": "lots"}}"#, "parsing_exception",
            "[bool] minimum_should_match [\"lots\"] is not a valid value"
        ),
        (
            #"{"term": {"a": {"value": "x", "boost": "high"}}}"#, "x_content_parse_exception",
            "[term] failed to parse field [boost]: expected a number, found [VALUE_STRING]"
        ),
        (
            #"{"term": {"a": "x"}"#, "x_content_parse_exception",
            "[1:20] unexpected end-of-input: expected ',' or '}' in an object"
        ),
    ])
    func rejectsMalformedQueries(text: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) { _ = try Query(jsonText: text) }
    }

    @Test func acceptsLenientScalarsAsElasticsearchDoes() throws {
        let query = try Query(jsonText: #"{"term": {"a": {"value": 5, "boost": "2"}}}"#)
        #expect(query == .term("a", 5, boost: 2))
    }
}
