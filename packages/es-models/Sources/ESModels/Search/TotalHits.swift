/// `hits.total`: a count, exact (`eq`) or a lower bound (`gte`).
public struct TotalHits: Sendable, Equatable {
    /// Whether the count is exact.
    public enum Relation: String, Sendable, Equatable {
        case eq, gte
    }

    /// The count.
    public var value: Int
    /// Whether it is exact or a lower bound.
    public var relation: Relation

    /// Creates a total.
    public init(value: Int, relation: Relation = .eq) {
        self.value = value
        self.relation = relation
    }
}

extension TotalHits: JSONConvertible {
    /// Decodes `{"value": 3, "relation": "eq"}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "total")
        let relation = try reader.string("relation").map { text in
            guard let relation = Relation(rawValue: text) else {
                throw ElasticsearchError.xContentParse("[total] unknown relation [\(text)]")
            }
            return relation
        }
        self.init(value: try reader.int("value") ?? 0, relation: relation ?? .eq)
    }

    public var json: JSONValue {
        ["value": .int(value), "relation": .string(relation.rawValue)]
    }
}
