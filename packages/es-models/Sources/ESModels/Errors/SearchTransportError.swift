/// A failure to get an answer from the search cluster at all: it is down, unreachable, too
/// slow, or answered with something that is not Elasticsearch.
///
/// Distinct from ``ElasticsearchError`` (an answer that reports an error) so that callers
/// can map it to "service unavailable".
public enum SearchTransportError: Error, Sendable, Equatable {
    /// No connection could be made (refused, reset, host not found).
    case unreachable(url: String, reason: String)
    /// No answer arrived within the timeout.
    case timedOut(url: String, after: Duration)
    /// The answer was not what Elasticsearch sends (not JSON, unexpected status or shape).
    case invalidResponse(url: String, status: Int, reason: String)
}

extension SearchTransportError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "cannot reach the search cluster at '\(url)': \(reason); check that it is running and that the url is right"
        case .timedOut(let url, let timeout):
            "the search cluster at '\(url)' did not answer within \(Self.seconds(timeout)) seconds; check its health or raise the timeout"
        case .invalidResponse(let url, let status, let reason):
            "unexpected answer from '\(url)' (status \(status)): \(reason); check that the url points at elasticsearch or opensearch"
        }
    }
}

extension SearchTransportError {
    /// `timeout` in seconds as people write them: `10`, `0.3`.
    static func seconds(_ timeout: Duration) -> String {
        guard timeout.components.attoseconds != 0 else { return "\(timeout.components.seconds)" }
        return "\((URLSessionCall.seconds(timeout) * 1000).rounded() / 1000)"
    }
}
