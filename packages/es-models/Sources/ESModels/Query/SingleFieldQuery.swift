/// Helpers shared by the queries that name one field as their key (`term`, `range`, ...).
enum SingleFieldQuery {
    /// Splits `{"field": body}` (plus allowed top-level members such as `boost`) and checks
    /// there is exactly one field.
    static func field(
        of json: JSONValue, query name: String, topLevel: Set<String> = []
    ) throws -> (field: String, body: JSONValue, topLevel: [String: JSONValue]) {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[\(name)] query malformed, no start_object after query name")
        }
        let fields = members.keys.filter { !topLevel.contains($0) }.sorted()
        guard let field = fields.first, let body = members[field] else {
            throw ElasticsearchError.parsing("[\(name)] query malformed, no field specified")
        }
        if fields.count > 1 {
            throw ElasticsearchError.parsing(
                "[\(name)] query doesn't support multiple fields, found [\(fields[0])] and [\(fields[1])]")
        }
        return (field, body, members.filter { topLevel.contains($0.key) })
    }

    /// Checks a value given for a field is a single scalar.
    static func scalar(_ value: JSONValue, query name: String) throws -> JSONValue {
        switch value {
        case .array: throw ElasticsearchError.parsing("[\(name)] query does not support array of values")
        case .null: throw ElasticsearchError.illegalArgument("[\(name)] query value cannot be null")
        case .object:
            throw ElasticsearchError.parsing("[\(name)] query does not support [\(value.tokenName)]")
        default: return value
        }
    }

    /// Adds `boost` to a body when set.
    static func withBoost(_ body: [String: JSONValue], _ boost: Double?) -> [String: JSONValue] {
        var body = body
        if let boost { body["boost"] = .double(boost) }
        return body
    }
}
