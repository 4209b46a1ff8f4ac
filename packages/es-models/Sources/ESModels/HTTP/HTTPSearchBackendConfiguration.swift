import Foundation

/// How ``HTTPSearchBackend`` reaches a cluster: where, as whom, how patiently.
///
/// ```swift
/// let configuration = HTTPSearchBackendConfiguration(
///     baseURL: URL(string: "https://search.internal:9200")!,
///     authentication: .basic(username: "catalogue", password: secret),
///     requestTimeout: .seconds(5),
///     retry: RetryPolicy(maxAttempts: 4))
/// ```
public struct HTTPSearchBackendConfiguration: Sendable, Equatable {
    /// Credentials sent with every request.
    public enum Authentication: Sendable, Equatable {
        /// No `Authorization` header.
        case none
        /// HTTP basic authentication.
        case basic(username: String, password: String)
        /// An Elasticsearch API key, in its encoded form (the `encoded` value the create-API-key
        /// API returns, i.e. base64 of `id:api_key`).
        case apiKey(String)

        /// An API key from its id and secret.
        public static func apiKey(id: String, secret: String) -> Authentication {
            .apiKey(Data("\(id):\(secret)".utf8).base64EncodedString())
        }

        /// The `Authorization` header value, if any.
        var headerValue: String? {
            switch self {
            case .none: nil
            case .basic(let username, let password):
                "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
            case .apiKey(let encoded): "ApiKey \(encoded)"
            }
        }
    }

    /// The cluster's URL (`http://127.0.0.1:9200`); a path prefix is kept (for proxies).
    public var baseURL: URL
    /// Credentials.
    public var authentication: Authentication
    /// How long to wait for each attempt's answer.
    public var requestTimeout: Duration
    /// When and how often to retry.
    public var retry: RetryPolicy
    /// The most connections kept open to the cluster at once (calls beyond wait for one).
    public var maxConnections: Int

    /// Creates a configuration.
    public init(
        baseURL: URL, authentication: Authentication = .none, requestTimeout: Duration = .seconds(30),
        retry: RetryPolicy = RetryPolicy(), maxConnections: Int = 32
    ) {
        self.baseURL = baseURL
        self.authentication = authentication
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.maxConnections = max(1, maxConnections)
    }

    /// Reads a configuration from environment variables; `nil` when `ELASTICSEARCH_URL` is
    /// not set (so callers fall back to the embedded engine).
    ///
    /// Variables: `ELASTICSEARCH_URL`, and optionally `ELASTICSEARCH_USERNAME` with
    /// `ELASTICSEARCH_PASSWORD`, or `ELASTICSEARCH_API_KEY` (encoded), and
    /// `ELASTICSEARCH_TIMEOUT` (seconds).
    ///
    /// - Throws: ``SearchConfigurationError`` when a variable is set but invalid.
    public init?(environment: [String: String]) throws {
        guard let text = environment["ELASTICSEARCH_URL"], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { throw SearchConfigurationError.invalidURL(text) }
        var authentication = Authentication.none
        if let key = environment["ELASTICSEARCH_API_KEY"], !key.isEmpty {
            authentication = .apiKey(key)
        } else if let username = environment["ELASTICSEARCH_USERNAME"], !username.isEmpty {
            authentication = .basic(username: username, password: environment["ELASTICSEARCH_PASSWORD"] ?? "")
        }
        var timeout = Duration.seconds(30)
        if let value = environment["ELASTICSEARCH_TIMEOUT"] {
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                throw SearchConfigurationError.invalidTimeout(value)
            }
            timeout = .seconds(seconds)
        }
        self.init(baseURL: url, authentication: authentication, requestTimeout: timeout)
    }
}
