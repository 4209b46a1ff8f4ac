/// `term`: documents whose `field` holds exactly `value` (not analyzed).
public struct TermQuery: Sendable, Equatable {
    /// The field name (dotted for object fields).
    public var field: String
    /// The exact value: a string, number or boolean.
    public var value: JSONValue
    /// The relevance boost (1.0 when unset).
    public var boost: Double?
    /// Whether to match ASCII case-insensitively (`case_insensitive`).
    public var caseInsensitive: Bool?

    /// Creates a term query.
    public init(field: String, value: JSONValue, boost: Double? = nil, caseInsensitive: Bool? = nil) {
        self.field = field
        self.value = value
        self.boost = boost
        self.caseInsensitive = caseInsensitive
    }
}

/// `terms`: documents whose `field` holds any of `values`.
public struct TermsQuery: Sendable, Equatable {
    /// The field name.
    public var field: String
    /// The accepted values.
    public var values: [JSONValue]
    /// The relevance boost.
    public var boost: Double?

    /// Creates a terms query.
    public init(field: String, values: [JSONValue], boost: Double? = nil) {
        self.field = field
        self.values = values
        self.boost = boost
    }
}

/// `exists`: documents where `field` has a non-null indexed value.
public struct ExistsQuery: Sendable, Equatable {
    /// The field name.
    public var field: String
    /// The relevance boost.
    public var boost: Double?

    /// Creates an exists query.
    public init(field: String, boost: Double? = nil) {
        self.field = field
        self.boost = boost
    }
}

/// `ids`: documents whose `_id` is one of `values`.
public struct IdsQuery: Sendable, Equatable {
    /// The document ids.
    public var values: [String]
    /// The relevance boost.
    public var boost: Double?

    /// Creates an ids query.
    public init(values: [String], boost: Double? = nil) {
        self.values = values
        self.boost = boost
    }
}
