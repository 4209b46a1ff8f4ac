import ESModels

/// A mapping prepared for parsing documents: every field with its full path and the
/// parameters conversion needs already read (formats compiled, analyzers chosen), so a
/// document costs no mapping lookups beyond one per member.
final class CompiledObject: Sendable {
    /// The object's path components (empty for the root).
    let path: [String]
    /// The object's full dotted path (`""` for the root).
    let fullPath: String
    /// The `dynamic` setting of this object; `nil` inherits.
    let dynamic: DynamicMode?
    /// The fields directly inside, by name.
    let properties: [String: CompiledField]
    /// The index's analyzers, which the text fields' analyzers were chosen from.
    let analysis: AnalysisRegistry

    init(
        path: [String], dynamic: DynamicMode?, properties: [String: FieldMapping], analysis: AnalysisRegistry
    ) {
        self.path = path
        self.fullPath = path.joined(separator: ".")
        self.dynamic = dynamic
        self.analysis = analysis
        var compiled: [String: CompiledField] = [:]
        for (name, field) in properties {
            compiled[name] = CompiledField(field, path: path + [name], analysis: analysis)
        }
        self.properties = compiled
    }

    /// The root object of a mapping, over the index's analyzers.
    convenience init(_ mapping: Mapping, analysis: AnalysisRegistry = .builtIn) {
        self.init(path: [], dynamic: mapping.dynamic, properties: mapping.properties, analysis: analysis)
    }

    /// The object at `path` below this one.
    func object(at path: ArraySlice<String>) -> CompiledObject? {
        guard let first = path.first else { return self }
        return properties[first]?.object?.object(at: path.dropFirst())
    }
}

/// One mapped field, ready for parsing.
struct CompiledField: Sendable {
    let mapping: FieldMapping
    let name: String
    let fullPath: String
    /// How values are stored; `nil` for `object` and `nested`.
    let kind: ColumnKind?
    /// The sub-fields of an `object` or `nested` field.
    let object: CompiledObject?
    /// Multi-fields (`title.keyword`).
    let multiFields: [CompiledField]
    /// Whether the field keeps anything (`index: false` with `doc_values: false` does not).
    let stored: Bool
    let enabled: Bool
    let nullValue: JSONValue?
    let ignoreAbove: Int?
    let ignoreMalformed: Bool
    let coerce: Bool
    let analyzer: TextAnalyzer
    /// The field's date format; `nil` for the default.
    let dateFormat: String?
    let includeInParent: Bool
    let includeInRoot: Bool

    var type: FieldType { mapping.type }

    init(_ mapping: FieldMapping, path: [String], analysis: AnalysisRegistry) {
        self.mapping = mapping
        self.name = path.last ?? ""
        self.fullPath = path.joined(separator: ".")
        self.kind = ColumnKind(mapping.type)
        self.object =
            mapping.type.isObjectLike
            ? CompiledObject(
                path: path, dynamic: mapping.dynamic, properties: mapping.properties, analysis: analysis)
            : nil
        self.multiFields = mapping.fields.keys.sorted().compactMap { subName in
            mapping.fields[subName].map { CompiledField($0, path: path + [subName], analysis: analysis) }
        }
        self.stored = mapping.isIndexed || (mapping.parameters["doc_values"]?.boolValue ?? true)
        self.enabled = mapping.isEnabled
        self.nullValue = mapping.nullValue.flatMap { $0.isNull ? nil : $0 }
        self.ignoreAbove = mapping.ignoreAbove
        self.ignoreMalformed = mapping.parameters["ignore_malformed"]?.boolValue ?? false
        self.coerce = mapping.parameters["coerce"]?.boolValue ?? true
        self.analyzer = analysis.analyzer(named: mapping.analyzer)
        self.dateFormat = mapping.format
        self.includeInParent = mapping.parameters["include_in_parent"]?.boolValue ?? false
        self.includeInRoot = mapping.parameters["include_in_root"]?.boolValue ?? false
    }
}
