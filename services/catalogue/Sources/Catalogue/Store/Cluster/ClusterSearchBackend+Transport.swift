import ESModels
import Foundation
import HTTPKit
import HTTPKitClient

/// An answer with the URL asked, for messages.
struct ClusterAnswer: Sendable {
    var status: HTTPStatus
    var body: Data
    var url: String
}

extension ClusterSearchBackend {
    /// Characters left as they are in a path segment: RFC 3986 `pchar` without `/`.
    private static let segmentCharacters: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return set
    }()

    func refreshQuery(_ refresh: RefreshPolicy) -> [(String, String)] {
        refresh == .none ? [] : [("refresh", refresh.parameter)]
    }

    func call<Response: JSONConvertible>(
        _ method: HTTPMethod, _ path: [String], query: [(String, String)] = [], body: JSONValue? = nil,
        idempotent: Bool? = nil, as type: Response.Type
    ) async throws -> Response {
        try decode(
            type,
            try await send(
                method, path, query: query, body: body.map(\.compactData), contentType: "application/json",
                idempotent: idempotent))
    }

    /// Sends one request within the current Catalogue request's deadline (or this backend's
    /// timeout outside any); a failure to get an answer is a ``ESModels/SearchTransportError``.
    func send(
        _ method: HTTPMethod, _ path: [String], query: [(String, String)] = [], body: Data? = nil,
        contentType: String = "application/json", idempotent: Bool? = nil
    ) async throws -> ClusterAnswer {
        var target =
            pathPrefix + "/"
            + path.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? $0 }
            .joined(separator: "/")
        if !query.isEmpty { target += "?" + QueryItems(query).encoded }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let authorizationHeader { headers.add(name: "Authorization", value: authorizationHeader) }
        if body != nil { headers.add(name: "Content-Type", value: contentType) }
        let context = StoreCallContext.current
        if let id = context.requestID { headers.add(name: "X-Opaque-Id", value: id) }
        let deadline = context.deadline ?? .now + configuration.requestTimeout
        let url = configuration.baseURL.absoluteString + target
        let outcome = await exchange(
            Request(method: method, target: target, headers: headers, body: body ?? Data()),
            deadline: deadline,
            idempotent: idempotent)
        switch outcome {
        case .success(let response):
            return ClusterAnswer(status: response.status, body: response.body, url: url)
        case .failure(let error):
            throw Self.transportError(error, url: url, deadline: deadline)
        }
    }

    private func exchange(_ request: Request, deadline: ContinuousClock.Instant, idempotent: Bool?) async
        -> Result<Response, HTTPClientError>
    {
        do {
            return .success(
                try await client.execute(request, to: address, deadline: deadline, idempotent: idempotent))
        } catch {
            return .failure(error)
        }
    }

    static func transportError(_ error: HTTPClientError, url: String, deadline: ContinuousClock.Instant)
        -> SearchTransportError
    {
        switch error {
        case .deadlineExceeded, .timedOut, .connectTimedOut:
            return .timedOut(url: url, after: max(.zero, deadline - .now))
        case .connectFailed(_, let reason): return .unreachable(url: url, reason: reason)
        case .connectionClosed: return .unreachable(url: url, reason: "\(error)")
        case .invalidResponse(_, let reason): return .invalidResponse(url: url, status: 0, reason: reason)
        case .unsupportedScheme: return .unreachable(url: url, reason: "\(error)")
        }
    }

    func decode<Response: JSONConvertible>(_ type: Response.Type, _ answer: ClusterAnswer) throws -> Response
    {
        guard (200..<300).contains(answer.status.code) else { throw failure(answer) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: answer.body)
        } catch {
            throw Self.notJSON(answer, error)
        }
        return try decode(type, json, answer)
    }

    func decode<Response: JSONConvertible>(_ type: Response.Type, _ json: JSONValue, _ answer: ClusterAnswer)
        throws -> Response
    {
        do {
            return try Response(json: json)
        } catch let error as ElasticsearchError {
            throw Self.unexpectedShape(answer, error)
        }
    }

    /// The error for a non-2xx answer: the cluster's error envelope when there is one.
    func failure(_ answer: ClusterAnswer) -> any Error {
        if let json = try? JSONValue(parsing: answer.body), let error = try? ElasticsearchError(json: json) {
            return error
        }
        let text = String(decoding: answer.body.prefix(200), as: UTF8.self)
        return SearchTransportError.invalidResponse(
            url: answer.url, status: answer.status.code,
            reason: text.isEmpty ? "no error body" : "body: \(text)")
    }
}

extension ClusterSearchBackend {
    /// A search whose hits' `_source` are read straight into `Model` from the answer's bytes.
    /// A hit the model cannot read comes back as the result's failure, so that the caller can
    /// tell a stored document the catalogue cannot read from a store that failed.
    ///
    /// - Throws: what ``search(_:request:)`` throws.
    func streamedSearch<Model: SourceDecodable>(
        _ index: String, request: SearchRequest, as type: Model.Type, model: String
    ) async throws -> Result<StreamedSearchAnswer<Model>, StoredDocumentError> {
        let answer = try await send(
            .post, [index, "_search"], body: request.json.compactData, contentType: "application/json",
            idempotent: true)
        guard (200..<300).contains(answer.status.code) else { throw failure(answer) }
        do {
            return .success(try StreamedSearchAnswer(body: answer.body, model: model))
        } catch let error as StoredDocumentError {
            return .failure(error)
        } catch let error as JSONParseError {
            throw Self.notJSON(answer, error)
        } catch let error as ElasticsearchError {
            throw Self.unexpectedShape(answer, error)
        }
    }
}

extension ClusterSearchBackend {
    /// The error for a 2xx answer whose body is not JSON.
    static func notJSON(_ answer: ClusterAnswer, _ error: any Error) -> SearchTransportError {
        .invalidResponse(
            url: answer.url, status: answer.status.code, reason: "the body is not json (\(error))")
    }

    /// The error for a 2xx answer of a shape the response type cannot read.
    static func unexpectedShape(_ answer: ClusterAnswer, _ error: ElasticsearchError) -> SearchTransportError
    {
        .invalidResponse(
            url: answer.url, status: answer.status.code, reason: "unexpected response shape: \(error.reason)")
    }
}
