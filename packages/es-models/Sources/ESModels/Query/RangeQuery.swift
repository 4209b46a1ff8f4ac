/// `range`: documents whose `field` lies within the given bounds.
///
/// On `date` fields the bounds may be date math (`"now-1d/d"`, `"2024-01-01||+1M"`),
/// resolved with ``DateMath``; `gt` and `lte` round up, `gte` and `lt` round down.
public struct RangeQuery: Sendable, Equatable {
    /// How a range query matches a range field (`relation`).
    public enum Relation: String, Sendable, Equatable, CaseIterable {
        case intersects = "INTERSECTS"
        case contains = "CONTAINS"
        case within = "WITHIN"
    }

    /// The field name.
    public var field: String
    /// Greater than.
    public var gt: JSONValue?
    /// Greater than or equal.
    public var gte: JSONValue?
    /// Less than.
    public var lt: JSONValue?
    /// Less than or equal.
    public var lte: JSONValue?
    /// The date format of the bounds, overriding the field's (`format`).
    public var format: String?
    /// The time zone of date bounds and rounding (`time_zone`: `"+01:00"` or `"Europe/Paris"`).
    public var timeZone: String?
    /// The match relation for range fields.
    public var relation: Relation?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a range query.
    public init(
        field: String, gt: JSONValue? = nil, gte: JSONValue? = nil, lt: JSONValue? = nil,
        lte: JSONValue? = nil,
        format: String? = nil, timeZone: String? = nil, relation: Relation? = nil, boost: Double? = nil
    ) {
        self.field = field
        self.gt = gt
        self.gte = gte
        self.lt = lt
        self.lte = lte
        self.format = format
        self.timeZone = timeZone
        self.relation = relation
        self.boost = boost
    }
}

extension RangeQuery {
    /// Decodes `{"f": {"gte": 10, "lt": "now/d", "format": ..., "time_zone": ..., "boost": ...}}`,
    /// including the legacy `from`/`to`/`include_lower`/`include_upper` form.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "range")
        var reader = try JSONObjectReader(body, name: "range")
        self.init(field: field)
        gt = reader.value("gt").flatMap(Self.bound)
        gte = reader.value("gte").flatMap(Self.bound)
        lt = reader.value("lt").flatMap(Self.bound)
        lte = reader.value("lte").flatMap(Self.bound)
        let includeLower = try reader.bool("include_lower") ?? true
        let includeUpper = try reader.bool("include_upper") ?? true
        if let from = reader.value("from").flatMap(Self.bound) {
            if includeLower { gte = from } else { gt = from }
        }
        if let to = reader.value("to").flatMap(Self.bound) {
            if includeUpper { lte = to } else { lt = to }
        }
        format = try reader.string("format")
        timeZone = try reader.string("time_zone")
        if let relation = try reader.string("relation") {
            guard let parsed = Relation(rawValue: relation.uppercased()) else {
                throw ElasticsearchError.parsing("[range] query does not support relation [\(relation)]")
            }
            self.relation = parsed
        }
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    private static func bound(_ value: JSONValue) -> JSONValue? {
        value.isNull ? Optional.none : Optional.some(value)
    }

    var json: JSONValue {
        var body: [String: JSONValue] = [:]
        body["gt"] = gt
        body["gte"] = gte
        body["lt"] = lt
        body["lte"] = lte
        body["format"] = format.map(JSONValue.string)
        body["time_zone"] = timeZone.map(JSONValue.string)
        body["relation"] = relation.map { .string($0.rawValue) }
        return [field: .object(SingleFieldQuery.withBoost(body, boost))]
    }
}
