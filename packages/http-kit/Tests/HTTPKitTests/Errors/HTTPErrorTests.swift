import Foundation
import HTTPKit
import Testing

@Suite struct HTTPErrorTests {
    private let context = RequestContext(
        requestID: "r1", logger: Logger(label: "test", sink: InMemoryLogSink()))

    @Test func rendersStatusMessageAndExtraHeaders() {
        let error = HTTPError(
            .serviceUnavailable, message: "search store unavailable", headers: ["Retry-After": "1"])
        let response = error.response(context: context)
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.bodyText == #"{"error":{"message":"search store unavailable"}}"#)
        #expect(HTTPError(.notFound).message == "not found")
    }

    /// An error type with its own body, like Elasticsearch's envelope.
    private struct ElasticsearchStyleError: HTTPResponseError {
        var status: HTTPStatus
        var type: String
        var reason: String

        func response(context: RequestContext) -> Response {
            let body: [String: Any] = [
                "error": ["type": type, "reason": reason, "root_cause": [["type": type, "reason": reason]]],
                "status": status.code,
            ]
            let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
            return Response.json(data: data, status: status)
        }
    }

    /// A status error that relies on the default rendering.
    private struct MissingAsset: HTTPResponseError, CustomStringConvertible {
        var status: HTTPStatus { .notFound }
        var description: String { "asset 'a1' not found" }
    }

    @Test func letsErrorTypesRenderTheirOwnBodyOrTheDefault() throws {
        let custom = ElasticsearchStyleError(
            status: .notFound, type: "index_not_found_exception", reason: "no such index")
        #expect(
            custom.response(context: context).bodyText
                == #"{"error":{"reason":"no such index","root_cause":[{"reason":"no such index","#
                + #""type":"index_not_found_exception"}],"type":"index_not_found_exception"},"status":404}"#)
        #expect(
            MissingAsset().response(context: context).bodyText
                == #"{"error":{"message":"asset 'a1' not found"}}"#)
    }

    @Test func describesRoutingErrorsAndListsAllowedMethods() {
        let notFound = RoutingError.notFound(method: .get, path: "/nope")
        #expect(notFound.description == "no route for 'GET /nope'; check the path")
        let notAllowed = RoutingError.methodNotAllowed(
            method: .delete, path: "/_bulk", allowed: [.post, .put])
        let response = notAllowed.response(context: context)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "POST, PUT")
        #expect(
            notAllowed.description == "method 'DELETE' is not allowed on '/_bulk'; use one of 'POST', 'PUT'")
    }
}
