import ESModels

/// A mapping flattened for queries: every field by its full dotted path, with the index level
/// (the root, or a nested path) whose documents hold its values.
struct MappingLookup: Sendable {
    /// A mapped field.
    struct Field: Sendable {
        /// The full dotted path (`license_windows.countries`, `title.keyword`).
        var path: String
        var mapping: FieldMapping
        /// The nested path whose documents hold the values; `""` for the root.
        var level: String
        /// Whether this is a multi-field (`title.keyword`).
        var isMultiField: Bool

        var type: FieldType { mapping.type }
        var kind: ColumnKind? { ColumnKind(mapping.type) }
    }

    private(set) var fields: [String: Field] = [:]
    /// Paths of `nested` fields, with their parent level (`""` for the root).
    private(set) var nestedParents: [String: String] = [:]
    /// Paths of nested fields with `include_in_parent` / `include_in_root` set.
    private(set) var nestedIncludes: [String: (parent: Bool, root: Bool)] = [:]
    /// The number of mapped fields, as `index.mapping.total_fields.limit` counts them.
    private(set) var totalFields = 0
    /// The index's analyzers.
    let analysis: AnalysisRegistry

    init(_ mapping: Mapping, analysis: AnalysisRegistry = .builtIn) {
        self.analysis = analysis
        visit(mapping.properties, prefix: "", level: "")
    }

    /// The analyzer a search of `field` analyses its text with: `analyzer` when the query names
    /// one, else the field's `search_analyzer`, else its `analyzer`, else the index's default.
    func searchAnalyzer(_ field: Field, query analyzer: String? = nil) -> TextAnalyzer {
        self.analysis.analyzer(
            named: analyzer ?? field.mapping.parameters["search_analyzer"]?.stringValue
                ?? field.mapping.analyzer)
    }

    private mutating func visit(_ properties: [String: FieldMapping], prefix: String, level: String) {
        for (name, field) in properties {
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            totalFields += 1
            switch field.type {
            case .nested:
                fields[path] = Field(path: path, mapping: field, level: level, isMultiField: false)
                nestedParents[path] = level
                let includeInParent = field.parameters["include_in_parent"]?.boolValue ?? false
                let includeInRoot = field.parameters["include_in_root"]?.boolValue ?? false
                if includeInParent || includeInRoot {
                    nestedIncludes[path] = (includeInParent, includeInRoot)
                }
                visit(field.properties, prefix: path, level: path)
            case .object:
                fields[path] = Field(path: path, mapping: field, level: level, isMultiField: false)
                visit(field.properties, prefix: path, level: level)
            default:
                fields[path] = Field(path: path, mapping: field, level: level, isMultiField: false)
                for (subName, sub) in field.fields {
                    totalFields += 1
                    fields["\(path).\(subName)"] = Field(
                        path: "\(path).\(subName)", mapping: sub, level: level, isMultiField: true)
                }
            }
        }
    }

    /// The field at `path`.
    func field(_ path: String) -> Field? {
        fields[path]
    }

    /// Whether `path` is a `nested` field.
    func isNested(_ path: String) -> Bool {
        nestedParents[path] != nil
    }

    /// The nearest nested path strictly above the field at `path` (`""` for the root), also
    /// for paths that are not mapped: used to tell a nested field from a root one.
    func nestedAncestor(of path: String) -> String {
        var candidate = Substring(path)
        while let dot = candidate.lastIndex(of: ".") {
            candidate = candidate[..<dot]
            if nestedParents[String(candidate)] != nil { return String(candidate) }
        }
        return ""
    }

    /// Every value field (and multi-field) at or below `path`, for `exists` on an object and
    /// for patterns such as `titles.*`.
    func valueFields(matching pattern: String) -> [Field] {
        if pattern.utf8.contains(UInt8(ascii: "*")) {
            return fields.values.filter { $0.kind != nil && Glob.matches(pattern, $0.path) }
        }
        if let field = fields[pattern], field.kind != nil { return [field] }
        let prefix = pattern + "."
        return fields.values.filter { $0.kind != nil && $0.path.hasPrefix(prefix) }
    }
}

/// `*` patterns over field and index names.
enum Glob {
    /// Whether `pattern` (with `*` standing for any run of characters) matches all of `text`.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.utf8.contains(UInt8(ascii: "*")) else { return pattern == text }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(text)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 {
                return part.isEmpty || (rest.count >= part.count && rest.hasSuffix(part))
            }
            if part.isEmpty { continue }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
