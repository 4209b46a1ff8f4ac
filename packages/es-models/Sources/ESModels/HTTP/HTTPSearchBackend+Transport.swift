import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP method used by the backend.
enum HTTPMethod: String, Sendable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

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
    var retryAfter: TimeInterval?
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
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.timeoutInterval = max(1, configuration.requestTimeout.rounded(.up)) + 1
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let authorization = configuration.authentication.headerValue {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        if let body {
            request.httpBody = body.data
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        let policy = configuration.retry
        var attempt = 1
        while true {
            let outcome = await attemptOnce(request, url: url.absoluteString)
            let retryable: Bool
            var retryAfter: TimeInterval?
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
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            attempt += 1
        }
    }

    /// One attempt's outcome: an answer (any status), or a failure and whether it is
    /// transient (worth another attempt).
    private enum Outcome {
        case answer(HTTPAnswer)
        case failed(SearchTransportError, transient: Bool)
    }

    private func attemptOnce(_ request: URLRequest, url: String) async -> Outcome {
        do {
            let (data, response) = try await URLSessionCall.perform(
                request, on: session, timeout: configuration.requestTimeout)
            guard let http = response as? HTTPURLResponse else {
                return .failed(
                    .invalidResponse(url: url, status: 0, reason: "not an http response"), transient: false)
            }
            let retryAfter = (http.value(forHTTPHeaderField: "Retry-After")).flatMap(TimeInterval.init)
            return .answer(HTTPAnswer(status: http.statusCode, body: data, url: url, retryAfter: retryAfter))
        } catch let error as URLError {
            if error.code == .timedOut {
                return .failed(.timedOut(url: url, seconds: configuration.requestTimeout), transient: true)
            }
            return .failed(
                .unreachable(url: url, reason: Self.describe(error)),
                transient: Self.transientCodes.contains(error.code))
        } catch is CancellationError {
            return .failed(.unreachable(url: url, reason: "the request was cancelled"), transient: false)
        } catch {
            return .failed(.unreachable(url: url, reason: "\(error)"), transient: false)
        }
    }

    /// Connection failures worth another attempt.
    private static let transientCodes: Set<URLError.Code> = [
        .cannotConnectToHost, .networkConnectionLost, .cannotFindHost, .dnsLookupFailed,
        .notConnectedToInternet,
        .badServerResponse,
    ]

    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .networkConnectionLost: "the connection was closed before an answer arrived"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet: "no network"
        case .secureConnectionFailed: "tls handshake failed"
        default: error.localizedDescription.lowercased()
        }
    }
}
