/// The `refresh` parameter of write requests: when the change becomes visible to search.
public enum RefreshPolicy: String, Sendable, Equatable, CaseIterable {
    /// Visible at the next periodic refresh (`refresh=false`, the default).
    case none = "false"
    /// Refresh the affected shards now (`refresh=true`).
    case immediate = "true"
    /// Wait until a refresh has made it visible (`refresh=wait_for`).
    case waitFor = "wait_for"

    /// Parses the query parameter: `true` or an empty value (`?refresh`), `false`, `wait_for`.
    ///
    /// - Throws: `illegal_argument_exception` for any other value.
    public init(parameter: String?) throws {
        switch parameter {
        case nil, "false": self = .none
        case "", "true": self = .immediate
        case "wait_for": self = .waitFor
        case let other?:
            throw ElasticsearchError.illegalArgument("Unknown value for refresh: [\(other)].")
        }
    }

    /// The query parameter value.
    public var parameter: String { rawValue }
}
