import ESEmbedded
import ESModels

/// `stored_fields`: the values of fields mapped with `store: true`, read from `_source` (the
/// engine keeps no separate stored copy), under the names or `*` patterns asked for.
enum StoredFields {
    /// The `fields` object of one document; `nil` when no stored field has a value.
    static func fields(_ names: [String], source: JSONValue, mapping: Mapping) -> JSONValue? {
        var result: [String: JSONValue] = [:]
        for path in storedPaths(mapping.properties, prefix: "")
        where names.contains(where: { ElasticsearchFacade.globMatches($0, path) }) {
            var values: [JSONValue] = []
            collect(path.split(separator: ".").map(String.init)[...], in: source, into: &values)
            if !values.isEmpty { result[path] = .array(values) }
        }
        return result.isEmpty ? nil : .object(result)
    }

    private static func storedPaths(_ properties: [String: FieldMapping], prefix: String) -> [String] {
        properties.keys.sorted().flatMap { name -> [String] in
            guard let field = properties[name] else { return [] }
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            var paths = field.parameters["store"] == true ? [path] : []
            paths += storedPaths(field.properties, prefix: path)
            return paths
        }
    }

    private static func collect(
        _ path: ArraySlice<String>, in value: JSONValue, into values: inout [JSONValue]
    ) {
        switch value {
        case .array(let items):
            for item in items { collect(path, in: item, into: &values) }
        case .object(let members):
            guard let first = path.first else { return }
            if let whole = members[path.joined(separator: ".")], path.count > 1 {
                collect([], in: whole, into: &values)
            }
            if let inner = members[first] { collect(path.dropFirst(), in: inner, into: &values) }
        case .null:
            return
        default:
            if path.isEmpty { values.append(value) }
        }
    }
}
