/// The answer of get-mapping: each concrete index (aliases resolved) with its mapping.
///
/// JSON: `{"assetflat-v2": {"mappings": {"properties": {...}}}}`.
public struct GetMappingResponse: Sendable, Equatable {
    /// Mappings by concrete index name.
    public var mappings: [String: Mapping]

    /// Creates a response.
    public init(mappings: [String: Mapping]) {
        self.mappings = mappings
    }

    /// The mapping of a concrete index.
    public subscript(index: String) -> Mapping? { mappings[index] }

    /// The only mapping, when the request resolved to exactly one index (the usual case of
    /// asking through an alias).
    public var single: (index: String, mapping: Mapping)? {
        guard mappings.count == 1, let entry = mappings.first else { return nil }
        return (entry.key, entry.value)
    }
}

extension GetMappingResponse: JSONConvertible {
    public init(json: JSONValue) throws {
        guard case .object(let indices) = json else {
            throw ElasticsearchError.xContentParse(
                "[get_mapping_response] expected an object, found [\(json.tokenName)]")
        }
        self.init(mappings: try indices.mapValues { try Mapping(json: $0["mappings"] ?? .object([:])) })
    }

    public var json: JSONValue {
        .object(mappings.mapValues { ["mappings": $0.json] })
    }
}
