/// One cause in Elasticsearch's error object: `{"type": ..., "reason": ..., "caused_by": ...}`.
///
/// Used for the root causes of an ``ElasticsearchError`` and for the per-item errors of a
/// bulk response. Any other member Elasticsearch adds (`index`, `index_uuid`, `line`,
/// `resource.id`, ...) is kept in ``metadata``.
public struct ErrorCause: Sendable, Equatable {
    /// Elasticsearch's error type (`index_not_found_exception`, `parsing_exception`, ...).
    public var type: String
    /// The human-readable reason Elasticsearch gives.
    public var reason: String
    /// Every other member of the error object, by name.
    public var metadata: [String: JSONValue]
    // An array holds the optional nested cause so the struct stays finite in size.
    private var nested: [ErrorCause]

    /// The cause of this cause (`caused_by`), if any.
    public var causedBy: ErrorCause? {
        get { nested.first }
        set { nested = newValue.map { [$0] } ?? [] }
    }

    /// Creates a cause.
    public init(
        type: String, reason: String, metadata: [String: JSONValue] = [:], causedBy: ErrorCause? = nil
    ) {
        self.type = type
        self.reason = reason
        self.metadata = metadata
        self.nested = causedBy.map { [$0] } ?? []
    }
}

extension ErrorCause: JSONConvertible {
    /// Decodes `{"type": ..., "reason": ..., "caused_by": {...}, ...}`; a `null` reason
    /// becomes the empty string.
    public init(json: JSONValue) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.xContentParse(
                "error cause must be an object, found [\(json.tokenName)]")
        }
        guard let type = members.removeValue(forKey: "type")?.stringValue else {
            throw ElasticsearchError.xContentParse("error cause is missing a string [type]")
        }
        let reason = members.removeValue(forKey: "reason")?.stringValue ?? ""
        let causedBy = try members.removeValue(forKey: "caused_by").map(ErrorCause.init(json:))
        self.init(type: type, reason: reason, metadata: members, causedBy: causedBy)
    }

    /// `{"type": ..., "reason": ..., "caused_by": {...}, ...metadata}`.
    public var json: JSONValue {
        var members = metadata
        members["type"] = .string(type)
        members["reason"] = .string(reason)
        if let causedBy { members["caused_by"] = causedBy.json }
        return .object(members)
    }
}
