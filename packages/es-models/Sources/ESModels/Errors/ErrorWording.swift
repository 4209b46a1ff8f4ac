/// Whose wording a decoder's errors take, where es-models' own checks of a request and an
/// Elasticsearch 8 node's answers word the same mistake differently (an unknown member as
/// `x_content_parse_exception` or `parsing_exception`, a "did you mean" or none, ...).
///
/// ```swift
/// // As an Elasticsearch node answers a search body (es-embedded's wording):
/// let aggregations = try Aggregation.list(json: body["aggs"] ?? [:], wording: .node)
/// ```
public enum ErrorWording: Sendable, Equatable, CaseIterable {
    /// es-models' checks of the requests it is given (the default of every decoder).
    case client
    /// An Elasticsearch 8 node's answer to the body, as es-embedded gives it.
    case node
}
