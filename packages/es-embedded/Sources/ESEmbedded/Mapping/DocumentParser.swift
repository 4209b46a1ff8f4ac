import ESModels

/// Turns a JSON document into indexed values the way Elasticsearch's document parser does:
/// mapped fields are checked and converted (with numeric coercion), unknown fields follow the
/// `dynamic` setting in force (`strict` refuses, `false` keeps them in `_source` only, `true`
/// maps them with Elasticsearch's inferred types), and nested objects become their own
/// indexed levels.
struct DocumentParser {
    let id: String
    /// The mapping, with the fields this document added dynamically.
    private(set) var mapping: Mapping
    /// The compiled form of ``mapping``.
    private var root: CompiledObject
    /// How many times dynamic mapping changed the mapping during this document.
    private var generation = 0
    let settings: DynamicSettings
    var document = ParsedDocument()
    private var addedFields = 0
    private var mappedFieldCount: Int
    /// Whether object members are parsed sorted by name (to report errors deterministically).
    private var inNameOrder = false

    /// Parses `source`.
    ///
    /// - Returns: the indexed values, and the updated mapping (and its compiled form) when the
    ///   document added fields.
    /// - Throws: `document_parsing_exception`, `strict_dynamic_mapping_exception` or
    ///   `illegal_argument_exception`, worded as Elasticsearch words them.
    static func parse(_ source: JSONValue, id: String, index: IndexState) throws -> (
        document: ParsedDocument, updatedMapping: Mapping?
    ) {
        try parse(
            source, id: id, mapping: index.mapping, compiled: index.compiled, settings: index.dynamicSettings,
            fieldCount: index.lookup.totalFields)
    }

    /// Parses `source` against a mapping.
    static func parse(
        _ source: JSONValue, id: String, mapping: Mapping, compiled: CompiledObject? = nil,
        settings: DynamicSettings,
        fieldCount: Int? = nil
    ) throws -> (document: ParsedDocument, updatedMapping: Mapping?) {
        let root = compiled ?? CompiledObject(mapping)
        let count = fieldCount ?? MappingLookup(mapping).totalFields
        switch source {
        case .object(let members):
            var parser = DocumentParser(
                id: id, mapping: mapping, root: root, settings: settings, fieldCount: count)
            do {
                try parser.parseRoot(members)
            } catch {
                // Members are parsed in hash order for speed; when the document fails, parse it
                // again in name order so the error reported is always the same one.
                var ordered = DocumentParser(
                    id: id, mapping: mapping, root: root, settings: settings, fieldCount: count)
                ordered.inNameOrder = true
                try ordered.parseRoot(members)
                throw error
            }
            return (parser.document, parser.generation > 0 ? parser.mapping : nil)
        case .null:
            throw ElasticsearchError.validation(["source is missing"])
        default:
            throw ElasticsearchError.documentParsing("Malformed content, must start with an object")
        }
    }

    private init(
        id: String, mapping: Mapping, root: CompiledObject, settings: DynamicSettings, fieldCount: Int
    ) {
        self.id = id
        self.mapping = mapping
        self.root = root
        self.settings = settings
        self.mappedFieldCount = fieldCount
    }

    // MARK: - Objects

    private mutating func parseRoot(_ members: [String: JSONValue]) throws {
        if mapping.parameters["enabled"]?.boolValue == false { return }
        try parseObject(members, object: root, level: 0, dynamic: mapping.dynamic ?? .true)
    }

    private mutating func parseObject(
        _ members: [String: JSONValue], object: CompiledObject, level: Int, dynamic: DynamicMode
    ) throws {
        if inNameOrder {
            var current = object
            for key in members.keys.sorted() {
                guard let value = members[key] else { continue }
                current = refreshed(current)
                try parseMember(key, value: value, object: current, level: level, dynamic: dynamic)
            }
        } else {
            var current = object
            for (key, value) in members {
                current = refreshed(current)
                try parseMember(key, value: value, object: current, level: level, dynamic: dynamic)
            }
        }
    }

    /// The compiled object for the same path after dynamic mapping changed the mapping.
    private func refreshed(_ object: CompiledObject) -> CompiledObject {
        guard generation > 0 else { return object }
        return root.object(at: object.path[...]) ?? object
    }

    private mutating func parseMember(
        _ key: String, value: JSONValue, object: CompiledObject, level: Int, dynamic: DynamicMode
    ) throws {
        if key.isEmpty {
            throw Self.wrapped(
                ErrorCause(type: "illegal_argument_exception", reason: "Field name cannot be an empty string")
            )
        }
        guard key.utf8.contains(UInt8(ascii: ".")) else {
            try parseField(key, value: value, object: object, level: level, dynamic: dynamic)
            return
        }
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw Self.wrapped(
                ErrorCause(
                    type: "illegal_argument_exception",
                    reason:
                        "field name starting or ending with a [.] makes object resolution ambiguous: [\(key)]"
                ))
        }
        var expanded = value
        for component in components.dropFirst().reversed() { expanded = .object([component: expanded]) }
        try parseField(components[0], value: expanded, object: object, level: level, dynamic: dynamic)
    }

    private mutating func parseField(
        _ name: String, value: JSONValue, object: CompiledObject, level: Int, dynamic: DynamicMode
    ) throws {
        if let field = object.properties[name] {
            try parseMapped(field, value: value, level: level, dynamic: dynamic)
            return
        }
        switch dynamic {
        case .strict:
            throw ElasticsearchError.strictDynamicMapping(
                field: name, within: object.path.isEmpty ? "_doc" : object.fullPath)
        case .false, .runtime:
            return
        case .true:
            guard let inferred = inferMapping(for: value) else { return }
            let path = object.path + [name]
            try addDynamicField(inferred, at: path)
            try parseMapped(
                CompiledField(inferred, path: path, analysis: root.analysis), value: value, level: level,
                dynamic: dynamic)
        }
    }

    private mutating func parseMapped(
        _ field: CompiledField, value: JSONValue, level: Int, dynamic: DynamicMode
    )
        throws
    {
        guard let object = field.object else {
            try parseValues(field, value: value, level: level)
            return
        }
        if field.type == .object && !field.enabled { return }
        let isNested = field.type == .nested
        let childDynamic = field.mapping.dynamic ?? dynamic
        try forEachObject(in: value, field: field) { parser, members in
            // Dynamic mapping may have added sub-fields while parsing an earlier object.
            let current = parser.refreshed(object)
            let target = isNested ? parser.addNestedLevel(field, parent: level) : level
            try parser.parseObject(members, object: current, level: target, dynamic: childDynamic)
        }
    }

    /// Calls `body` with every object of `value` (an object, or an array of them at any depth).
    private mutating func forEachObject(
        in value: JSONValue, field: CompiledField,
        _ body: (inout DocumentParser, [String: JSONValue]) throws -> Void
    ) throws {
        switch value {
        case .null:
            return
        case .object(let members):
            try body(&self, members)
        case .array(let elements):
            for element in elements { try forEachObject(in: element, field: field, body) }
        default:
            throw ElasticsearchError.documentParsing(
                "object mapping for [\(field.fullPath)] tried to parse field [\(field.name)] as object, but found a concrete value"
            )
        }
    }

    private mutating func addNestedLevel(_ field: CompiledField, parent: Int) -> Int {
        var level = ParsedDocument.Level(path: field.fullPath, parent: parent)
        if field.includeInParent {
            level.alsoInto.append(parent)
            level.alsoInto.append(contentsOf: document.levels[parent].alsoInto)
        }
        if field.includeInRoot, !level.alsoInto.contains(0) {
            level.alsoInto.append(0)
        }
        document.levels.append(level)
        return document.levels.count - 1
    }

    // MARK: - Values

    private mutating func parseValues(_ field: CompiledField, value: JSONValue, level: Int) throws {
        switch field.type {
        case .denseVector:
            try DenseVector.check(value, field: field, id: id)
            return
        case .binary, .rankFeature, .rankFeatures:
            try SourceOnlyField.check(value, field: field, id: id)
            return
        default: break
        }
        switch value {
        case .null:
            guard let replacement = field.nullValue else { return }
            try parseValues(field, value: replacement, level: level)
        case .object:
            throw fieldError(
                field, value: value,
                cause: ErrorCause(type: "illegal_state_exception", reason: "Can't get text on a START_OBJECT")
            )
        case .array:
            var scalars: [JSONValue] = []
            Self.flatten(value, into: &scalars)
            var present: [JSONValue] = []
            for scalar in scalars {
                if case .object = scalar {
                    throw fieldError(
                        field, value: scalar,
                        cause: ErrorCause(
                            type: "illegal_state_exception", reason: "Can't get text on a START_OBJECT"))
                }
                if let kept = scalar.isNull ? field.nullValue : scalar { present.append(kept) }
            }
            guard !present.isEmpty else { return }
            try index(present, field: field, level: level)
            for sub in field.multiFields { try index(present, field: sub, level: level) }
        default:
            try index(value, field: field, level: level)
            for sub in field.multiFields { try index(value, field: sub, level: level) }
        }
    }

    /// Indexes one scalar value.
    private mutating func index(_ value: JSONValue, field: CompiledField, level: Int) throws {
        guard let kind = field.kind, field.stored else { return }
        guard let converted = try convert(value, field: field), !converted.isEmpty else { return }
        document.add(converted, kind: kind, path: field.fullPath, level: level)
    }

    private mutating func index(_ values: [JSONValue], field: CompiledField, level: Int) throws {
        guard let kind = field.kind, field.stored else { return }
        var merged: FieldValues?
        for value in values {
            guard let converted = try convert(value, field: field) else { continue }
            merged = merged.map { $0.appending(converted) } ?? converted
        }
        guard let merged, !merged.isEmpty else { return }
        document.add(merged, kind: kind, path: field.fullPath, level: level)
    }

    private func convert(_ value: JSONValue, field: CompiledField) throws -> FieldValues? {
        do {
            return try FieldValueConverter.convert(value, field: field)
        } catch {
            throw fieldError(field, value: value, cause: error.cause)
        }
    }

    private func fieldError(_ field: CompiledField, value: JSONValue, cause: ErrorCause) -> ElasticsearchError
    {
        .fieldParsing(
            field: field.fullPath, type: field.type, id: id, preview: Self.preview(value), causedBy: cause)
    }

    private static func flatten(_ value: JSONValue, into scalars: inout [JSONValue]) {
        if case .array(let elements) = value {
            for element in elements { flatten(element, into: &scalars) }
        } else {
            scalars.append(value)
        }
    }

    // MARK: - Dynamic mapping

    private mutating func addDynamicField(_ field: FieldMapping, at path: [String]) throws {
        let added = 1 + field.fields.count
        if mappedFieldCount + addedFields + added > settings.totalFieldsLimit {
            let cause = ErrorCause(
                type: "illegal_argument_exception",
                reason:
                    "Limit of total fields [\(settings.totalFieldsLimit)] has been exceeded while adding new fields [\(addedFields + added)]"
            )
            throw Self.wrapped(cause)
        }
        addedFields += added
        Self.insert(field, at: path[...], into: &mapping.properties)
        root = CompiledObject(mapping, analysis: root.analysis)
        generation += 1
    }

    private static func insert(
        _ field: FieldMapping, at path: ArraySlice<String>, into properties: inout [String: FieldMapping]
    ) {
        guard let first = path.first else { return }
        if path.count == 1 {
            properties[first] = field
            return
        }
        guard var parent = properties[first] else { return }
        insert(field, at: path.dropFirst(), into: &parent.properties)
        properties[first] = parent
    }

    /// `document_parsing_exception` "failed to parse: <cause>".
    static func wrapped(_ cause: ErrorCause) -> ElasticsearchError {
        .documentParsing("failed to parse: \(cause.reason)", causedBy: cause)
    }

    /// A value as Elasticsearch previews it in errors (Java's `toString` of the parsed value).
    static func preview(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .array(let elements): "[" + elements.map(preview).joined(separator: ", ") + "]"
        case .object(let members):
            "{"
                + members.keys.sorted().map { "\($0)=\(preview(members[$0] ?? .null))" }.joined(
                    separator: ", ")
                + "}"
        }
    }
}
