extension FieldMapping {
    /// Decodes a field mapping the way Elasticsearch parses one.
    ///
    /// - Parameters:
    ///   - json: the field's object (`{"type": "keyword", "ignore_above": 256}`).
    ///   - name: the field's full path, for error reasons.
    ///   - isMultiField: whether this is a multi-field, where `object`/`nested` are refused.
    /// - Throws: `mapper_parsing_exception` for an unknown type or parameter or a mistyped
    ///   parameter value.
    public init(json: JSONValue, name: String, isMultiField: Bool = false) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.mapperParsing(
                "Expected map for property [fields] on field [\(name)] but got [\(json.tokenName)]")
        }
        let type = try Self.fieldType(members.removeValue(forKey: "type"), name: name, members: members)
        if isMultiField && type.isObjectLike {
            throw ElasticsearchError.mapperParsing("Type [\(type)] cannot be used in multi field")
        }
        var mapping = FieldMapping(type: type)
        if type.isObjectLike {
            if let dynamic = members.removeValue(forKey: "dynamic") {
                guard let mode = DynamicMode(json: dynamic) else {
                    throw ElasticsearchError.mapperParsing(
                        "Could not convert [dynamic] to boolean or one of [strict, runtime] on field [\(name)]"
                    )
                }
                mapping.dynamic = mode
            }
            if let properties = members.removeValue(forKey: "properties") {
                mapping.properties = try Self.properties(properties, parent: name)
            }
        } else if let fields = members.removeValue(forKey: "fields") {
            guard case .object(let subfields) = fields else {
                throw ElasticsearchError.mapperParsing(
                    "Expected map for property [fields] on field [\(name)] but got [\(fields.tokenName)]")
            }
            for (subname, subfield) in subfields {
                mapping.fields[subname] = try FieldMapping(
                    json: subfield, name: "\(name).\(subname)", isMultiField: true)
            }
        }
        mapping.parameters = try Self.parameters(members, type: type, name: name)
        if type == .denseVector { mapping.parameters = Self.denseVectorDefaults(mapping.parameters) }
        self = mapping
    }

    private static func fieldType(
        _ value: JSONValue?, name: String, members: [String: JSONValue]
    ) throws -> FieldType {
        guard let value else { return .object }
        guard let text = value.stringValue else {
            throw ElasticsearchError.mapperParsing("No type specified for field [\(name)]")
        }
        guard let type = FieldType(rawValue: text) else {
            throw ElasticsearchError.mapperParsing(
                "No handler for type [\(text)] declared on field [\(name)]")
        }
        return type
    }

    /// The parameters Elasticsearch 8 fills in for a `dense_vector` (and shows in its mapping):
    /// indexed, `cosine`, `int8_hnsw` with `m` 16 and `ef_construction` 100 for float vectors.
    private static func denseVectorDefaults(_ given: [String: JSONValue]) -> [String: JSONValue] {
        var parameters = given
        if parameters["index"] == nil { parameters["index"] = true }
        guard parameters["index"] == true else { return parameters }
        if parameters["similarity"] == nil { parameters["similarity"] = "cosine" }
        let float = parameters["element_type"].map { $0 == "float" } ?? true
        if parameters["index_options"] == nil, float {
            parameters["index_options"] = ["type": "int8_hnsw", "m": 16, "ef_construction": 100]
        }
        return parameters
    }

    private static func parameters(
        _ members: [String: JSONValue], type: FieldType, name: String
    ) throws -> [String: JSONValue] {
        let allowed = type.allowedParameters
        var parameters: [String: JSONValue] = [:]
        for key in members.keys.sorted() {
            guard let value = members[key] else { continue }
            // `dims: null` leaves the length to the first vector indexed.
            if type == .denseVector && key == "dims" && value.isNull { continue }
            guard let kind = allowed[key] else {
                if type.isObjectLike {
                    throw ElasticsearchError.mapperParsing(
                        "Mapping definition for [\(name)] has unsupported parameters:  [\(key) : \(value)]")
                }
                throw ElasticsearchError.mapperParsing(
                    "unknown parameter [\(key)] on mapper [\(name)] of type [\(type)]")
            }
            guard let normal = kind.normalize(value) else {
                throw ElasticsearchError.mapperParsing(
                    "Failed to parse mapping: [\(key)] on mapper [\(name)] of type [\(type)] must be "
                        + "\(kind.expectation), found [\(value.tokenName)]")
            }
            parameters[key] = normal
        }
        return parameters
    }

    /// Decodes a `properties` object, expanding dotted names (`"a.b"`) into objects as
    /// Elasticsearch does.
    static func properties(_ json: JSONValue, parent: String?) throws -> [String: FieldMapping] {
        guard case .object(let members) = json else {
            throw ElasticsearchError.mapperParsing(
                "Expected map for property [properties] on field [\(parent ?? "_doc")] but got [\(json.tokenName)]"
            )
        }
        var properties: [String: FieldMapping] = [:]
        for name in members.keys.sorted() {
            guard let value = members[name] else { continue }
            guard !name.isEmpty, !name.hasPrefix("."), !name.hasSuffix(".") else {
                throw ElasticsearchError.illegalArgument(
                    "field name cannot be empty or start or end with a dot: [\(name)]")
            }
            let path = parent.map { "\($0).\(name)" } ?? name
            let field = try FieldMapping(json: value, name: path)
            try insert(field, at: name.split(separator: ".").map(String.init), into: &properties, path: path)
        }
        return properties
    }

    private static func insert(
        _ field: FieldMapping, at components: [String], into properties: inout [String: FieldMapping],
        path: String
    ) throws {
        guard let first = components.first else { return }
        if components.count == 1 {
            if let existing = properties[first], existing.type.isObjectLike, field.type.isObjectLike {
                var merged = existing
                merged.properties.merge(field.properties) { $1 }
                properties[first] = merged
            } else {
                properties[first] = field
            }
            return
        }
        var parent = properties[first] ?? FieldMapping(type: .object)
        guard parent.type.isObjectLike else {
            throw ElasticsearchError.illegalArgument(
                "can't merge a non object mapping [\(first)] with an object mapping for [\(path)]")
        }
        try insert(field, at: Array(components.dropFirst()), into: &parent.properties, path: path)
        properties[first] = parent
    }

    /// The JSON Elasticsearch returns for this field: `type` (left out for an `object` with
    /// properties, as Elasticsearch does), parameters, `fields`, `properties`, `dynamic`.
    public var json: JSONValue {
        var members = parameters
        if type != .object || properties.isEmpty { members["type"] = .string(type.rawValue) }
        if !properties.isEmpty { members["properties"] = .object(properties.mapValues(\.json)) }
        if !fields.isEmpty { members["fields"] = .object(fields.mapValues(\.json)) }
        if let dynamic { members["dynamic"] = dynamic.json }
        return .object(members)
    }
}
