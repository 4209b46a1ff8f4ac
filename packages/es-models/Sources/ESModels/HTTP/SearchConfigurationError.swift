/// Why a search-cluster configuration is unusable.
public enum SearchConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `ELASTICSEARCH_URL` is not an http(s) URL with a host.
    case invalidURL(String)
    /// `ELASTICSEARCH_TIMEOUT` is not a positive number of seconds.
    case invalidTimeout(String)

    public var description: String {
        switch self {
        case .invalidURL(let text):
            "invalid ELASTICSEARCH_URL '\(text)'; use an http or https url such as 'http://127.0.0.1:9200'"
        case .invalidTimeout(let text):
            "invalid ELASTICSEARCH_TIMEOUT '\(text)'; use a positive number of seconds such as '5'"
        }
    }
}
