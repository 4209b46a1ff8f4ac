/// A named field declaration for the mapping builder.
///
/// ```swift
/// Property.text("title") { Property.keyword("raw", ignoreAbove: 256) }
/// Property.nested("license_windows", dynamic: .strict) { Property.date("start") }
/// Property.keyword("code").parameter("index", false)
/// ```
public struct Property: Sendable, Equatable {
    /// The field name (may be dotted: `"a.b"` declares `b` inside object `a`).
    public var name: String
    /// The field's mapping.
    public var mapping: FieldMapping

    /// Declares a field with a ready-made mapping.
    public init(_ name: String, _ mapping: FieldMapping) {
        self.name = name
        self.mapping = mapping
    }

    /// Returns this declaration with one more parameter (`"index"`, `"doc_values"`, ...).
    public func parameter(_ name: String, _ value: JSONValue) -> Property {
        var copy = self
        copy.mapping.parameters[name] = value
        return copy
    }

    /// A `keyword` field, optionally with `ignore_above` and multi-fields.
    public static func keyword(
        _ name: String, ignoreAbove: Int? = nil, @PropertiesBuilder fields: () -> [Property] = { [] }
    ) -> Property {
        var mapping = FieldMapping(type: .keyword, fields: dictionary(fields()))
        mapping.ignoreAbove = ignoreAbove
        return Property(name, mapping)
    }

    /// A `text` field, optionally with an analyzer and multi-fields (`title.raw`).
    public static func text(
        _ name: String, analyzer: String? = nil, @PropertiesBuilder fields: () -> [Property] = { [] }
    ) -> Property {
        var mapping = FieldMapping(type: .text, fields: dictionary(fields()))
        mapping.analyzer = analyzer
        return Property(name, mapping)
    }

    /// A `date` field, optionally with a `format` (`strict_date_optional_time||epoch_millis`).
    public static func date(_ name: String, format: String? = nil) -> Property {
        var mapping = FieldMapping(type: .date)
        mapping.format = format
        return Property(name, mapping)
    }

    /// A `boolean` field.
    public static func boolean(_ name: String) -> Property {
        Property(name, FieldMapping(type: .boolean))
    }

    /// An `integer` field.
    public static func integer(_ name: String) -> Property {
        Property(name, FieldMapping(type: .integer))
    }

    /// A `long` field.
    public static func long(_ name: String) -> Property {
        Property(name, FieldMapping(type: .long))
    }

    /// A `float` field.
    public static func float(_ name: String) -> Property {
        Property(name, FieldMapping(type: .float))
    }

    /// A `double` field.
    public static func double(_ name: String) -> Property {
        Property(name, FieldMapping(type: .double))
    }

    /// An `object` field with its own sub-fields and, optionally, its own `dynamic`
    /// setting; `enabled: false` keeps the object in `_source` only.
    public static func object(
        _ name: String, dynamic: DynamicMode? = nil, enabled: Bool? = nil,
        @PropertiesBuilder properties: () -> [Property]
    ) -> Property {
        var mapping = FieldMapping(type: .object, properties: dictionary(properties()), dynamic: dynamic)
        if let enabled { mapping.parameters["enabled"] = .bool(enabled) }
        return Property(name, mapping)
    }

    /// A `nested` field: an array of objects queried with a `nested` query.
    public static func nested(
        _ name: String, dynamic: DynamicMode? = nil, @PropertiesBuilder properties: () -> [Property]
    ) -> Property {
        Property(name, FieldMapping(type: .nested, properties: dictionary(properties()), dynamic: dynamic))
    }

    /// Folds declarations into a properties dictionary, expanding dotted names into objects;
    /// a later declaration of the same name wins.
    static func dictionary(_ declarations: [Property]) -> [String: FieldMapping] {
        var result: [String: FieldMapping] = [:]
        for declaration in declarations {
            insert(
                declaration.mapping, at: declaration.name.split(separator: ".").map(String.init),
                into: &result)
        }
        return result
    }

    private static func insert(
        _ mapping: FieldMapping, at path: [String], into result: inout [String: FieldMapping]
    ) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            result[first] = mapping
            return
        }
        var parent = result[first].flatMap { $0.type.isObjectLike ? $0 : nil } ?? FieldMapping(type: .object)
        insert(mapping, at: Array(path.dropFirst()), into: &parent.properties)
        result[first] = parent
    }
}
