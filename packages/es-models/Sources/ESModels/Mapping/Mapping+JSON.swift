import Foundation

extension Mapping: JSONConvertible {
    /// Decodes a mapping in any form Elasticsearch accepts: the root object
    /// (`{"dynamic": "strict", "properties": {...}}`), or the same wrapped in `"mappings"`
    /// (a create-index body's member, or a fixture file), or in the legacy `"_doc"` type.
    ///
    /// - Throws: `mapper_parsing_exception` for unsupported root parameters, unknown field
    ///   types or parameters, as Elasticsearch words them.
    public init(json: JSONValue) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.mapperParsing(
                "Failed to parse mapping: expected map but got [\(json.tokenName)]")
        }
        if members.count == 1, let inner = members["mappings"] ?? members["_doc"] {
            try self.init(json: inner)
            return
        }
        var mapping = Mapping()
        if let dynamic = members.removeValue(forKey: "dynamic") {
            guard let mode = DynamicMode(json: dynamic) else {
                throw ElasticsearchError.mapperParsing(
                    "Could not convert [dynamic] to boolean or one of [strict, runtime] on field [_doc]")
            }
            mapping.dynamic = mode
        }
        if let properties = members.removeValue(forKey: "properties") {
            mapping.properties = try FieldMapping.properties(properties, parent: nil)
        }
        if let meta = members.removeValue(forKey: "_meta") {
            guard case .object(let entries) = meta else {
                throw ElasticsearchError.mapperParsing("[_meta] must be an object, got [\(meta.tokenName)]")
            }
            mapping.meta = entries
        }
        let unsupported = members.keys.filter { !Self.rootParameters.contains($0) }.sorted()
        if !unsupported.isEmpty {
            let list = unsupported.map { "\($0) : \(members[$0] ?? .null)" }.joined(separator: ", ")
            throw ElasticsearchError.mapperParsing(
                "Root mapping definition has unsupported parameters:  [\(list)]")
        }
        mapping.parameters = members
        self = mapping
    }

    /// The root mapping object, as Elasticsearch's get-mapping API returns it under
    /// `"mappings"`.
    public var json: JSONValue {
        var members = parameters
        if let dynamic { members["dynamic"] = dynamic.json }
        if !properties.isEmpty { members["properties"] = .object(properties.mapValues(\.json)) }
        if let meta { members["_meta"] = .object(meta) }
        return .object(members)
    }

    /// The canonical file form: `{"mappings": {...}}` with sorted keys, two-space indent and
    /// a trailing newline, so a copy compares byte for byte.
    public var canonicalJSON: String {
        JSONValue.object(["mappings": json]).canonicalString
    }
}
