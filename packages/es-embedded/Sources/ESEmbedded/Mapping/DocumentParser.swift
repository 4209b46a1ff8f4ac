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
    /// Whether dynamic mapping added fields.
    private(set) var mappingChanged = false
    let settings: DynamicSettings
    var document = ParsedDocument()
    private var addedFields = 0
    private var mappedFieldCount: Int

    /// Parses `source`.
    ///
    /// - Returns: the indexed values, and the updated mapping when the document added fields.
    /// - Throws: `document_parsing_exception`, `strict_dynamic_mapping_exception` or
    ///   `illegal_argument_exception`, worded as Elasticsearch words them.
    static func parse(
        _ source: JSONValue, id: String, mapping: Mapping, settings: DynamicSettings, lookup: MappingLookup
    ) throws -> (document: ParsedDocument, updatedMapping: Mapping?) {
        var parser = DocumentParser(
            id: id, mapping: mapping, settings: settings, fieldCount: lookup.totalFields)
        switch source {
        case .object(let members):
            try parser.parseObject(members, path: [], level: 0, dynamic: mapping.dynamic ?? .true)
        case .null:
            throw ElasticsearchError.validation(["source is missing"])
        default:
            throw ElasticsearchError.documentParsing("Malformed content, must start with an object")
        }
        return (parser.document, parser.mappingChanged ? parser.mapping : nil)
    }

    private init(id: String, mapping: Mapping, settings: DynamicSettings, fieldCount: Int) {
        self.id = id
        self.mapping = mapping
        self.settings = settings
        self.mappedFieldCount = fieldCount
    }

    // MARK: - Objects

    private mutating func parseObject(
        _ members: [String: JSONValue], path: [String], level: Int, dynamic: DynamicMode
    ) throws {
        if mapping.parameters["enabled"]?.boolValue == false && path.isEmpty { return }
        for key in members.keys.sorted() {
            guard let value = members[key] else { continue }
            if key.isEmpty {
                throw Self.wrapped(
                    ErrorCause(
                        type: "illegal_argument_exception", reason: "Field name cannot be an empty string"))
            }
            if key.contains(".") {
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
                for component in components.dropFirst().reversed() {
                    expanded = .object([component: expanded])
                }
                try parseField(components[0], value: expanded, path: path, level: level, dynamic: dynamic)
            } else {
                try parseField(key, value: value, path: path, level: level, dynamic: dynamic)
            }
        }
    }

    private mutating func parseField(
        _ name: String, value: JSONValue, path: [String], level: Int, dynamic: DynamicMode
    ) throws {
        let fieldPath = path + [name]
        if let field = Self.field(at: fieldPath, in: mapping) {
            try parseMapped(field, name: name, path: fieldPath, value: value, level: level, dynamic: dynamic)
            return
        }
        switch dynamic {
        case .strict:
            throw ElasticsearchError.strictDynamicMapping(
                field: name, within: path.isEmpty ? "_doc" : path.joined(separator: "."))
        case .false, .runtime:
            return
        case .true:
            guard let inferred = inferMapping(for: value) else { return }
            try addDynamicField(inferred, at: fieldPath)
            try parseMapped(
                inferred, name: name, path: fieldPath, value: value, level: level, dynamic: dynamic)
        }
    }

    private mutating func parseMapped(
        _ field: FieldMapping, name: String, path: [String], value: JSONValue, level: Int,
        dynamic: DynamicMode
    ) throws {
        let fullPath = path.joined(separator: ".")
        switch field.type {
        case .object:
            guard field.isEnabled else { return }
            try forEachObject(in: value, name: name, fullPath: fullPath) { parser, members in
                try parser.parseObject(members, path: path, level: level, dynamic: field.dynamic ?? dynamic)
            }
        case .nested:
            try forEachObject(in: value, name: name, fullPath: fullPath) { parser, members in
                let child = parser.addNestedLevel(fullPath, field: field, parent: level)
                try parser.parseObject(members, path: path, level: child, dynamic: field.dynamic ?? dynamic)
            }
        default:
            try parseValues(field, path: fullPath, value: value, level: level)
        }
    }

    /// Calls `body` with every object of `value` (an object, or an array of them at any depth).
    private mutating func forEachObject(
        in value: JSONValue, name: String, fullPath: String,
        _ body: (inout DocumentParser, [String: JSONValue]) throws -> Void
    ) throws {
        switch value {
        case .null:
            return
        case .object(let members):
            try body(&self, members)
        case .array(let elements):
            for element in elements { try forEachObject(in: element, name: name, fullPath: fullPath, body) }
        default:
            throw ElasticsearchError.documentParsing(
                "object mapping for [\(fullPath)] tried to parse field [\(name)] as object, but found a concrete value"
            )
        }
    }

    private mutating func addNestedLevel(_ path: String, field: FieldMapping, parent: Int) -> Int {
        var level = ParsedDocument.Level(path: path, parent: parent)
        if field.parameters["include_in_parent"]?.boolValue == true {
            level.alsoInto.append(parent)
            level.alsoInto.append(contentsOf: document.levels[parent].alsoInto)
        }
        if field.parameters["include_in_root"]?.boolValue == true, !level.alsoInto.contains(0) {
            level.alsoInto.append(0)
        }
        document.levels.append(level)
        return document.levels.count - 1
    }

    // MARK: - Values

    private mutating func parseValues(_ field: FieldMapping, path: String, value: JSONValue, level: Int)
        throws
    {
        var scalars: [JSONValue] = []
        Self.flatten(value, into: &scalars)
        for scalar in scalars {
            if case .object = scalar {
                throw fieldError(
                    field, path: path, value: scalar,
                    cause: ErrorCause(
                        type: "illegal_state_exception", reason: "Can't get text on a START_OBJECT"))
            }
        }
        let present = scalars.compactMap { scalar -> JSONValue? in
            scalar.isNull ? field.nullValue : scalar
        }
        guard !present.isEmpty else { return }
        try index(present, field: field, path: path, level: level)
        for (subName, sub) in field.fields {
            try index(present, field: sub, path: "\(path).\(subName)", level: level)
        }
    }

    private mutating func index(_ values: [JSONValue], field: FieldMapping, path: String, level: Int) throws {
        guard let kind = ColumnKind(field.type), field.isIndexedOrHasDocValues else { return }
        let converted = try values.compactMap { value in
            do {
                return try FieldValueConverter.convert(value, field: field)
            } catch let failure as FieldValueConverter.Failure {
                throw fieldError(field, path: path, value: value, cause: failure.cause)
            }
        }
        guard let first = converted.first else { return }
        let merged = converted.dropFirst().reduce(first) { $0.appending($1) }
        if merged.isEmpty { return }
        document.add(merged, kind: kind, path: path, level: level)
    }

    private func fieldError(_ field: FieldMapping, path: String, value: JSONValue, cause: ErrorCause)
        -> ElasticsearchError
    {
        .fieldParsing(field: path, type: field.type, id: id, preview: Self.preview(value), causedBy: cause)
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
        mappingChanged = true
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

    private static func field(at path: [String], in mapping: Mapping) -> FieldMapping? {
        var properties = mapping.properties
        var current: FieldMapping?
        for name in path {
            guard let next = properties[name] else { return nil }
            current = next
            properties = next.properties
        }
        return current
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

extension FieldMapping {
    /// Whether the field keeps anything searchable or sortable (`index: false` with
    /// `doc_values: false` keeps it in `_source` only).
    var isIndexedOrHasDocValues: Bool {
        isIndexed || (parameters["doc_values"]?.boolValue ?? true)
    }
}
