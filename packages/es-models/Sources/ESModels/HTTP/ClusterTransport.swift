import Foundation
import HTTPKit
import HTTPKitClient
import TimeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of ``HTTPSearchBackend``, ready for either transport.
struct ClusterCall: Sendable {
    var method: HTTPMethod
    /// The request target (path and query, percent-encoded).
    var target: String
    /// The whole URL, for URLSession and messages.
    var url: String
    var headers: [(String, String)]
    var body: Data?
}

/// One attempt's outcome: an answer (any status), or a failure and whether it is transient
/// (worth another attempt).
enum TransportOutcome: Sendable {
    case answer(HTTPAnswer)
    case failed(SearchTransportError, transient: Bool)
}

/// How ``HTTPSearchBackend`` reaches its cluster: HTTPKit's client over `http` (non-blocking
/// sockets on HTTPKit's event loop, a keep-alive pool), URLSession over `https` (TLS).
enum ClusterTransport: Sendable {
    case plain(HTTPClient, SocketAddress)
    case tls(URLSession)

    init(configuration: HTTPSearchBackendConfiguration, clock: MonotonicClock) {
        let url = configuration.baseURL
        let timeout = configuration.requestTimeout
        if url.scheme == "http", let host = url.host {
            // Retries are the backend's (``RetryPolicy``), so the client makes none of its own; a
            // pooled connection the server closed while idle is still replaced at no cost.
            let client = HTTPClient(
                configuration: HTTPClientConfiguration(
                    maxConnectionsPerHost: configuration.maxConnections, connectTimeout: timeout,
                    writeTimeout: timeout,
                    readTimeout: timeout, retry: .none),
                clock: clock)
            self = .plain(client, SocketAddress(host: host, port: url.port ?? 80))
            return
        }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // The deadline is enforced per call (see URLSessionCall); URLSession's own timeouts,
        // in whole seconds, are only a backstop.
        let backstop = max(1, URLSessionCall.seconds(timeout).rounded(.up)) + 1
        sessionConfiguration.timeoutIntervalForRequest = backstop
        sessionConfiguration.timeoutIntervalForResource = backstop
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maxConnections
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        self = .tls(URLSession(configuration: sessionConfiguration))
    }

    /// Sends `call` once, within `timeout`.
    func attempt(_ call: ClusterCall, timeout: Duration) async -> TransportOutcome {
        switch self {
        case .plain(let client, let address):
            await Self.attempt(call, client: client, address: address, timeout: timeout)
        case .tls(let session):
            await Self.attempt(call, session: session, timeout: timeout)
        }
    }

    /// Lets go of idle connections (in-flight calls finish).
    func close() {
        switch self {
        case .plain(let client, _): client.closeIdleConnections()
        case .tls(let session): URLSessionCall.finishAndInvalidate(session)
        }
    }

    private static func attempt(
        _ call: ClusterCall, client: HTTPClient, address: SocketAddress, timeout: Duration
    ) async -> TransportOutcome {
        let url = call.url
        let target = call.target.isEmpty ? "/" : call.target
        var headers = HTTPHeaders()
        for (name, value) in call.headers { headers.add(name: name, value: value) }
        let request = Request(
            method: call.method, target: target, headers: headers, body: call.body ?? Data())
        do {
            // Every request is sent once per attempt: the backend decides about retries.
            let response = try await client.execute(
                request, to: address, deadline: client.clock.now() + timeout, idempotent: false)
            let retryAfter = response.headers["Retry-After"].flatMap(Self.retryAfter)
            return .answer(
                HTTPAnswer(
                    status: response.status.code, body: response.body, url: url, retryAfter: retryAfter))
        } catch {
            if Task.isCancelled {
                return .failed(.unreachable(url: url, reason: "the request was cancelled"), transient: false)
            }
            switch error {
            case .deadlineExceeded, .timedOut, .connectTimedOut:
                return .failed(.timedOut(url: url, after: timeout), transient: true)
            case .connectFailed(_, let reason):
                return .failed(.unreachable(url: url, reason: reason), transient: true)
            case .connectionClosed:
                // The client's own words say how much of the answer came.
                return .failed(.unreachable(url: url, reason: "\(error)"), transient: true)
            case .invalidResponse(_, let reason):
                return .failed(.invalidResponse(url: url, status: 0, reason: reason), transient: true)
            case .unsupportedScheme:
                return .failed(.unreachable(url: url, reason: "\(error)"), transient: false)
            }
        }
    }

    private static func attempt(_ call: ClusterCall, session: URLSession, timeout: Duration) async
        -> TransportOutcome
    {
        let url = call.url
        guard let address = URL(string: url) else {
            return .failed(
                .invalidResponse(url: url, status: 0, reason: "cannot build a url"), transient: false)
        }
        var request = URLRequest(url: address)
        request.httpMethod = call.method.rawValue
        request.timeoutInterval = max(1, URLSessionCall.seconds(timeout).rounded(.up)) + 1
        for (name, value) in call.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = call.body
        do {
            let (data, response) = try await URLSessionCall.perform(request, on: session, timeout: timeout)
            guard let http = response as? HTTPURLResponse else {
                return .failed(
                    .invalidResponse(url: url, status: 0, reason: "not an http response"), transient: false)
            }
            let retryAfter = (http.value(forHTTPHeaderField: "Retry-After")).flatMap(Self.retryAfter)
            return .answer(HTTPAnswer(status: http.statusCode, body: data, url: url, retryAfter: retryAfter))
        } catch let error as URLError {
            if error.code == .timedOut {
                return .failed(.timedOut(url: url, after: timeout), transient: true)
            }
            return .failed(
                .unreachable(url: url, reason: describe(error)),
                transient: transientCodes.contains(error.code))
        } catch is CancellationError {
            return .failed(.unreachable(url: url, reason: "the request was cancelled"), transient: false)
        } catch {
            return .failed(.unreachable(url: url, reason: "\(error)"), transient: false)
        }
    }

    /// URLSession's connection failures worth another attempt.
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

    /// A `Retry-After` header in seconds (Elasticsearch sends whole seconds; a fraction is taken).
    private static func retryAfter(_ value: String) -> Duration? {
        guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite
        else { return nil }
        return .seconds(seconds)
    }
}
