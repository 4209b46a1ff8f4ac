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

    /// The request target of a path under the base URL, whose own path is kept as a prefix
    /// (`/prefix/assetflat/_search?refresh=true`), each segment percent-encoded.
    func target(_ path: [String], query: [URLQueryItem]) -> String {
        var target =
            pathPrefix + "/"
            + path.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? $0 }
            .joined(separator: "/")
        if !query.isEmpty {
            target += "?" + QueryItems(query.map { ($0.name, $0.value ?? "") }).encoded
        }
        return target
    }

    /// Sends a request, retrying as the ``RetryPolicy`` says, within the deadline of the current
    /// ``SearchCallContext`` when it has one (each attempt's timeout is cut to what is left, and
    /// no retry starts after it); returns the last answer (any status) or throws a
    /// ``SearchTransportError`` when no answer came. The context's request id goes to the
    /// cluster as `X-Opaque-Id`.
    func send(
        _ method: HTTPMethod, _ path: [String], query: [URLQueryItem] = [], body: RequestBody? = nil
    ) async throws -> HTTPAnswer {
        let target = target(path, query: query)
        let context = SearchCallContext.current
        var headers: [(String, String)] = [("Accept", "application/json")]
        if let authorization = configuration.authentication.headerValue {
            headers.append(("Authorization", authorization))
        }
        if let body { headers.append(("Content-Type", body.contentType)) }
        if let id = context.requestID { headers.append(("X-Opaque-Id", id)) }
        let call = ClusterCall(
            method: method, target: target, url: origin + target, headers: headers, body: body?.data)
        let policy = configuration.retry
        let started = clock.now()
        var attempt = 1
        while true {
            var timeout = configuration.requestTimeout
            if let deadline = context.deadline {
                let left = deadline - clock.now()
                guard left > .zero else {
                    throw SearchTransportError.timedOut(url: call.url, after: clock.now() - started)
                }
                timeout = min(timeout, left)
            }
            let outcome = await transport.attempt(call, timeout: timeout)
            let retryable: Bool
            var retryAfter: Duration?
            switch outcome {
            case .answer(let answer):
                retryable = policy.retryableStatuses.contains(answer.status)
                retryAfter = answer.retryAfter
            case .failed(_, let transient):
                retryable = transient
            }
            let delay = policy.backoff(afterAttempt: attempt, retryAfter: retryAfter)
            let inTime = context.deadline.map { clock.now() + delay < $0 } ?? true
            guard retryable, attempt < policy.maxAttempts, inTime else {
                switch outcome {
                case .answer(let answer): return answer
                case .failed(let error, _): throw error
                }
            }
            try await clock.sleep(for: delay)
            attempt += 1
        }
    }
}
