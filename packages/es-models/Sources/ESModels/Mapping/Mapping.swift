/// An index mapping: the root `dynamic` setting, the fields, `_meta`, and any other root
/// parameter Elasticsearch accepts (`date_detection`, `dynamic_templates`, `_source`, ...).
///
/// Declare one with the builder, export it as canonical JSON, compare two with
/// ``MappingDiff``:
/// ```swift
/// let mapping = Mapping(dynamic: .strict) {
///     Property.keyword("uuid")
///     Property.text("title") { Property.keyword("raw", ignoreAbove: 256) }
///     Property.nested("license_windows") {
///         Property.date("start")
///         Property.keyword("countries")
///     }
/// }
/// let file = mapping.canonicalJSON   // sorted keys, 2-space indent, trailing newline
/// ```
public struct Mapping: Sendable, Equatable {
    /// The root dynamic setting; `nil` means Elasticsearch's default (`true`).
    public var dynamic: DynamicMode?
    /// The top-level fields, by name.
    public var properties: [String: FieldMapping]
    /// `_meta`: free-form metadata stored with the mapping.
    public var meta: [String: JSONValue]?
    /// Other root parameters, by their Elasticsearch name, kept verbatim.
    public var parameters: [String: JSONValue]

    /// Creates a mapping from its parts.
    public init(
        dynamic: DynamicMode? = nil, properties: [String: FieldMapping] = [:],
        meta: [String: JSONValue]? = nil,
        parameters: [String: JSONValue] = [:]
    ) {
        self.dynamic = dynamic
        self.properties = properties
        self.meta = meta
        self.parameters = parameters
    }

    /// The root parameters Elasticsearch accepts besides `dynamic`, `properties`, `_meta`.
    static let rootParameters: Set<String> = [
        "date_detection", "numeric_detection", "dynamic_date_formats", "dynamic_templates", "_source",
        "_routing", "_field_names", "runtime", "subobjects", "enabled",
    ]

    /// The mapping of the field at a dotted path (`license_windows.start`, or a multi-field
    /// such as `title.raw`); `nil` when it is not mapped.
    public func field(at path: String) -> FieldMapping? {
        var current: FieldMapping?
        var level = properties
        for name in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let next = level[name] ?? current?.fields[name] else { return nil }
            current = next
            level = next.properties
        }
        return current
    }

    /// Every mapped field, by full dotted path (object and nested fields included,
    /// multi-fields included as `field.sub`), in sorted order.
    public var allFields: [(path: String, mapping: FieldMapping)] {
        var result: [(String, FieldMapping)] = []
        func visit(_ properties: [String: FieldMapping], prefix: String) {
            for name in properties.keys.sorted() {
                guard let field = properties[name] else { continue }
                let path = prefix.isEmpty ? name : "\(prefix).\(name)"
                result.append((path, field))
                for sub in field.fields.keys.sorted() {
                    if let multi = field.fields[sub] { result.append(("\(path).\(sub)", multi)) }
                }
                visit(field.properties, prefix: path)
            }
        }
        visit(properties, prefix: "")
        return result
    }
}
