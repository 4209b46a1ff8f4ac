import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// Responses shaped as Elasticsearch sends them: JSON bodies (indented with `?pretty`), the
/// `X-elastic-product` header clients check, and Elasticsearch's error envelopes.
enum RESTResponse {
    static let headers: HTTPHeaders = [
        "X-elastic-product": "Elasticsearch", "Content-Type": "application/json",
    ]

    /// A JSON response.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok, request: Request) -> Response {
        let pretty = request.query.contains("pretty") && request.query["pretty"] != "false"
        let filtered = FilterPath(request.query["filter_path"]).map { $0.apply(value) } ?? value
        let body = pretty ? filtered.canonicalData : filtered.compactData
        return Response(
            status: status,
            headers: headers,
            body: body)
    }

    /// A JSON response some of whose values are written already (stored `_source` texts),
    /// copied as they are unless the answer is indented (`?pretty`) or filtered
    /// (`filter_path`).
    static func json(_ body: ResponseBody, status: HTTPStatus = .ok, request: Request) -> Response {
        if case .value(let value) = body { return json(value, status: status, request: request) }
        if request.query.contains("pretty") || request.query.contains("filter_path") {
            return json(body.value, status: status, request: request)
        }
        return Response(status: status, headers: headers, body: body.compactData)
    }

    /// A response with no body (HEAD answers).
    static func empty(status: HTTPStatus) -> Response {
        Response(status: status, headers: headers)
    }

    /// Elasticsearch's error envelope for `error`, with its status.
    static func error(_ error: ElasticsearchError, request: Request) -> Response {
        json(error.json, status: HTTPStatus(code: error.status), request: request)
    }

    /// The short envelope some answers use: `{"error": "reason", "status": N}`.
    static func shortError(_ reason: String, status: Int, request: Request, extra: [String: JSONValue] = [:])
        -> Response
    {
        var body = extra
        body["error"] = .string(reason)
        body["status"] = .int(status)
        return json(.object(body), status: HTTPStatus(code: status), request: request)
    }
}

/// Turns errors into Elasticsearch's answers: `ElasticsearchError`s with their envelope,
/// requests that match no route with `no handler found for uri [...]` (400) or `Incorrect HTTP
/// method` (405), and anything else with a 500 envelope.
struct ElasticsearchErrorMiddleware: Middleware {
    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ElasticsearchError {
            return RESTResponse.error(error, request: request)
        } catch let error as RoutingError {
            switch error {
            case .notFound:
                return RESTResponse.shortError(
                    "no handler found for uri [\(request.target)] and method [\(request.method)]",
                    status: 400,
                    request: request)
            case .methodNotAllowed(_, _, let allowed):
                let names = allowed.map(\.rawValue).sorted().joined(separator: ", ")
                var response = RESTResponse.shortError(
                    "Incorrect HTTP method for uri [\(request.target)] and method [\(request.method)], allowed: [\(names)]",
                    status: 405, request: request)
                response.headers.add(
                    name: "Allow", value: allowed.map(\.rawValue).sorted().joined(separator: ","))
                return response
            }
        } catch let error as ContentTypeError {
            return RESTResponse.shortError(
                "Content-Type header [\(error.declared)] is not supported", status: 406, request: request)
        } catch let error as EmbeddedEngineError {
            context.logger.error("engine failure on '\(request.method) \(request.path)': \(error)")
            return RESTResponse.error(
                ElasticsearchError(type: "exception", reason: "\(error)", status: 500), request: request)
        }
    }
}
