/// The body of a count: an optional query.
public struct CountRequest: Sendable, Equatable {
    /// The query; `nil` counts all documents.
    public var query: Query?

    /// Creates a count body.
    public init(query: Query? = nil) {
        self.query = query
    }
}

extension CountRequest: JSONConvertible {
    /// Decodes `{"query": ...}`; an empty body counts everything.
    public init(json: JSONValue) throws {
        self.init()
        if json.isNull { return }
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("Expected [START_OBJECT] but found [\(json.tokenName)]")
        }
        var reader = JSONObjectReader(members: members, name: "count")
        if let query = reader.value("query") { self.query = try Query(json: query) }
        if let key = reader.unreadKeys.first {
            throw ElasticsearchError.parsing("request does not support [\(key)]")
        }
    }

    /// `{"query": ...}`, or `{}`.
    public var json: JSONValue {
        guard let query else { return .object([:]) }
        return ["query": query.json]
    }
}
