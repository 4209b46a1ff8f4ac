import Foundation
import HTTPKit
import TimeKit

/// A request body with its content type.
enum RequestBody: Sendable {
    case json(JSONValue)
    case ndjson(Data)

    var data: Data {
        switch self {
        case .json(let value): value.compactData
        case .ndjson(let data): data
        }
    }

    var contentType: String {
        switch self {
        case .json: "application/json"
        case .ndjson: "application/x-ndjson"
        }
    }
}

/// What came back: status, body, and the URL asked (for messages).
struct HTTPAnswer: Sendable {
    var status: Int
    var body: Data
    var url: String
    var retryAfter: Duration?
}

extension HTTPSearchBackend {
    /// Characters left as they are in a path segment: RFC 3986 `pchar` without `/`, so
    /// index lists (`a,b`) and patterns (`a-*`) pass and ids with `/` or `?` are escaped.
    private static let segmentCharacters: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return set
    }()

    /// The URL of a path under the base URL (whose own path is kept as a prefix).
    func url(_ path: [String], query: [URLQueryItem]) throws -> URL {
        let segments = path.map {
            $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? $0
        }
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + "/" + segments.joined(separator: "/")) else {
            throw SearchTransportError.invalidResponse(
                url: base, status: 0, reason: "cannot build a url for \(path)")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else {
            throw SearchTransportError.invalidResponse(
                url: base, status: 0, reason: "cannot build a url for \(path)")
        }
        return url
    }

    /// Sends a request, retrying as the ``RetryPolicy`` says; returns the last answer (any
    /// status) or throws a ``SearchTransportError`` when no answer came.
    func send(
        _ method: HTTPMethod, _ path: [String], query: [URLQueryItem] = [], body: RequestBody? = nil
    ) async throws -> HTTPAnswer {
        let url = try url(path, query: query)
        var headers: [(String, String)] = [("Accept", "application/json")]
        if let authorization = configuration.authentication.headerValue {
            headers.append(("Authorization", authorization))
        }
        if let body { headers.append(("Content-Type", body.contentType)) }
        let call = ClusterCall(method: method, url: url, headers: headers, body: body?.data)
        let policy = configuration.retry
        var attempt = 1
        while true {
            let outcome = await transport.attempt(call, timeout: configuration.requestTimeout)
            let retryable: Bool
            var retryAfter: Duration?
            switch outcome {
            case .answer(let answer):
                retryable = policy.retryableStatuses.contains(answer.status)
                retryAfter = answer.retryAfter
            case .failed(_, let transient):
                retryable = transient
            }
            guard retryable, attempt < policy.maxAttempts else {
                switch outcome {
                case .answer(let answer): return answer
                case .failed(let error, _): throw error
                }
            }
            let delay = policy.backoff(afterAttempt: attempt, retryAfter: retryAfter)
            try await clock.sleep(for: delay)
            attempt += 1
        }
    }
}
