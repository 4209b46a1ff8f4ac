import Foundation
import Testing

@testable import ESModels

@Suite struct BulkRequestTests {
    private let documented = """
        { "index" : { "_index" : "test", "_id" : "1" } }
        { "field1" : "value1" }
        { "delete" : { "_index" : "test", "_id" : "2" } }
        { "create" : { "_index" : "test", "_id" : "3" } }
        { "field1" : "value3" }
        { "update" : {"_id" : "1", "_index" : "test"} }
        { "doc" : {"field2" : "value2"} }

        """

    private let expected: [BulkOperation] = [
        .index(index: "test", id: "1", document: ["field1": "value1"]),
        .delete(index: "test", id: "2"),
        .create(index: "test", id: "3", document: ["field1": "value3"]),
        .update(index: "test", id: "1", update: DocumentUpdate(doc: ["field2": "value2"])),
    ]

    @Test func parsesTheDocumentationExample() throws {
        let request = try BulkRequest(ndjson: Data(documented.utf8))
        #expect(request.operations == expected)
    }

    @Test func writesNDJSONThatParsesBack() throws {
        let request = BulkRequest(expected, refresh: .waitFor)
        let text = String(decoding: request.ndjson, as: UTF8.self)
        #expect(
            text == """
                {"index":{"_id":"1","_index":"test"}}
                {"field1":"value1"}
                {"delete":{"_id":"2","_index":"test"}}
                {"create":{"_id":"3","_index":"test"}}
                {"field1":"value3"}
                {"update":{"_id":"1","_index":"test"}}
                {"doc":{"field2":"value2"}}

                """)
        #expect(try BulkRequest(ndjson: request.ndjson, refresh: .waitFor) == request)
    }

    @Test func usesTheDefaultIndexAndAcceptsCRLFAndGeneratedIds() throws {
        let body =
            "{\"index\":{}}\r\n{\"a\":1}\r\n{\"update\":{\"_id\":\"9\"}}\r\n{\"doc\":{\"a\":2},\"doc_as_upsert\":true}\r\n"
        let request = try BulkRequest(ndjson: Data(body.utf8), defaultIndex: "languages")
        #expect(
            request.operations == [
                .index(index: "languages", id: nil, document: ["a": 1]),
                .update(
                    index: "languages", id: "9", update: DocumentUpdate(doc: ["a": 2], docAsUpsert: true)),
            ])
    }

    @Test(arguments: [
        ("", "action_request_validation_exception", "Validation Failed: 1: no requests added;"),
        (
            #"{"index":{"_index":"i"}}"# + "\n" + #"{"a":1}"#, "illegal_argument_exception",
            "The bulk request must be terminated by a newline [\\n]"
        ),
        (
            #""index""# + "\n", "illegal_argument_exception",
            "Malformed action/metadata line [1], expected START_OBJECT or END_OBJECT but found [VALUE_STRING]"
        ),
        (
            #"{"upsert":{"_index":"i"}}"# + "\n{}\n", "illegal_argument_exception",
            "Malformed action/metadata line [1], expected one of [create, delete, index, update] but found [upsert]"
        ),
        (
            #"{"index":{"_index":"i","routing":"r"}}"# + "\n{}\n", "illegal_argument_exception",
            "Action/metadata line [1] contains an unknown parameter [routing]"
        ),
        (
            #"{"index":{}}"# + "\n{}\n", "action_request_validation_exception",
            "Validation Failed: 1: index is missing;"
        ),
        (
            #"{"delete":{"_index":"i"}}"# + "\n" + #"{"update":{"_index":"i"}}"# + "\n{\"doc\":{}}\n",
            "action_request_validation_exception", "Validation Failed: 1: id is missing;2: id is missing;"
        ),
        (
            #"{"index":{"_index":"i"}}"# + "\n", "illegal_argument_exception",
            "Malformed action/metadata line [1], expected a source line after it"
        ),
        (
            #"{"delete":{"_index":"i","_id":"1"}}"# + "\n" + #"{"index":{"_index":"i"}}"# + "\n{\"a\":}\n",
            "x_content_parse_exception", "[3:6] unexpected character '}': expected a value"
        ),
        (
            #"{"update":{"_index":"i","_id":"1"}}"# + "\n" + #"{"script":{"lang":"painless"}}"# + "\n",
            "illegal_argument_exception",
            "must specify either [source] for an inline script or [id] for a stored script"
        ),
    ])
    func rejectsMalformedBodies(body: String, type: String, reason: String) {
        expectElasticsearchError(type: type, reason: reason) {
            _ = try BulkRequest(ndjson: Data(body.utf8), defaultIndex: nil)
        }
    }

    @Test func operationAccessors() {
        let operation = BulkOperation.update(index: "i", id: "1", update: DocumentUpdate(doc: ["a": 1]))
        #expect(operation.action == .update)
        #expect(operation.index == "i")
        #expect(operation.id == "1")
        #expect(BulkOperation.delete(index: "i", id: "2").sourceJSON == nil)
    }
}
