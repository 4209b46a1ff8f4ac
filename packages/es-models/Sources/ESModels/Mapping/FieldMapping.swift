/// The mapping of one field: its type, its sub-fields and its parameters.
///
/// `object` and `nested` fields hold ``properties`` and may set ``dynamic``; value fields
/// may hold multi-fields (``fields``, e.g. a `keyword` copy of a `text` field). Every other
/// parameter (`format`, `ignore_above`, `index`, `analyzer`, ...) is in ``parameters``,
/// checked against what Elasticsearch accepts for the type and kept in normal form
/// (`"true"` becomes `true`), so two mappings that mean the same compare equal.
public struct FieldMapping: Sendable, Equatable {
    /// The field type.
    public var type: FieldType
    /// Sub-fields of an `object` or `nested` field, by name.
    public var properties: [String: FieldMapping]
    /// Multi-fields of a value field, by name (`title.raw`).
    public var fields: [String: FieldMapping]
    /// The dynamic setting of an `object` or `nested` field; `nil` inherits the parent's.
    public var dynamic: DynamicMode?
    /// Every other parameter, by its Elasticsearch name.
    public var parameters: [String: JSONValue]

    /// Creates a field mapping.
    public init(
        type: FieldType, properties: [String: FieldMapping] = [:], fields: [String: FieldMapping] = [:],
        dynamic: DynamicMode? = nil, parameters: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.properties = properties
        self.fields = fields
        self.dynamic = dynamic
        self.parameters = parameters
    }

    /// `format` of a `date` field (`strict_date_optional_time||epoch_millis` when unset).
    public var format: String? {
        get { parameters["format"]?.stringValue }
        set { parameters["format"] = newValue.map(JSONValue.string) }
    }

    /// `ignore_above` of a `keyword` field: longer strings are not indexed.
    public var ignoreAbove: Int? {
        get { parameters["ignore_above"]?.intValue }
        set { parameters["ignore_above"] = newValue.map(JSONValue.int) }
    }

    /// `analyzer` of a `text` field.
    public var analyzer: String? {
        get { parameters["analyzer"]?.stringValue }
        set { parameters["analyzer"] = newValue.map(JSONValue.string) }
    }

    /// `index`: whether the field is searchable (`true` when unset).
    public var isIndexed: Bool {
        parameters["index"]?.boolValue ?? true
    }

    /// `enabled` of an `object` field: `false` keeps the object in `_source` only.
    public var isEnabled: Bool {
        parameters["enabled"]?.boolValue ?? true
    }

    /// `null_value`: the value indexed in place of an explicit `null`.
    public var nullValue: JSONValue? {
        parameters["null_value"]
    }
}
