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
