/// Index settings, held flat by their full Elasticsearch name (`index.number_of_shards`).
///
/// Decoding accepts every form Elasticsearch does: nested (`{"index": {"number_of_shards":
/// 1}}`), flat (`{"index.number_of_shards": 1}`) and unprefixed (`{"number_of_shards": 1}`),
/// all meaning the same; encoding writes the nested form.
///
/// ```swift
/// let settings = IndexSettings(numberOfShards: 1, numberOfReplicas: 0, refreshInterval: "1s")
/// settings["index.number_of_shards"]  // 1
/// ```
public struct IndexSettings: Sendable, Equatable {
    /// Every setting, by full dotted name with the `index.` prefix.
    public private(set) var values: [String: JSONValue]

    /// Creates settings from names (with or without `index.`) and values.
    public init(_ values: [String: JSONValue] = [:]) {
        self.values = [:]
        for (key, value) in values { self[key] = value }
    }

    /// Creates settings from the common ones.
    public init(
        numberOfShards: Int? = nil, numberOfReplicas: Int? = nil, refreshInterval: String? = nil,
        other: [String: JSONValue] = [:]
    ) {
        self.init(other)
        if let numberOfShards { self["number_of_shards"] = .int(numberOfShards) }
        if let numberOfReplicas { self["number_of_replicas"] = .int(numberOfReplicas) }
        if let refreshInterval { self["refresh_interval"] = .string(refreshInterval) }
    }

    /// A setting by name, with or without the `index.` prefix.
    public subscript(name: String) -> JSONValue? {
        get { values[Self.normalize(name)] }
        set { values[Self.normalize(name)] = newValue }
    }

    /// Whether no setting is set.
    public var isEmpty: Bool { values.isEmpty }

    /// `index.number_of_shards` (a number, or a string holding one, as Elasticsearch returns it).
    public var numberOfShards: Int? { integer("number_of_shards") }

    /// `index.number_of_replicas`.
    public var numberOfReplicas: Int? { integer("number_of_replicas") }

    /// `index.max_result_window`: the largest `from + size` a search may ask for (10000 when unset).
    public var maxResultWindow: Int? { integer("max_result_window") }

    /// `index.refresh_interval` (`"1s"`, `"-1"`).
    public var refreshInterval: String? { self["refresh_interval"]?.stringValue }

    private func integer(_ name: String) -> Int? {
        guard let value = self[name] else { return nil }
        return value.intValue ?? value.stringValue.flatMap { Int($0) }
    }

    /// Whether an open index accepts a new value of the setting `name` (full name, with
    /// `index.`) in an update-settings call; the others (`index.number_of_shards`, analysis)
    /// are fixed when the index is created.
    public static func isDynamic(_ name: String) -> Bool {
        let dynamic: Set<String> = [
            "index.number_of_replicas", "index.auto_expand_replicas", "index.refresh_interval",
            "index.max_result_window", "index.max_inner_result_window", "index.max_terms_count",
            "index.max_ngram_diff", "index.max_shingle_diff", "index.default_pipeline",
            "index.final_pipeline", "index.hidden", "index.mapping.total_fields.limit",
            "index.search.idle.after",
        ]
        return dynamic.contains(name) || name.hasPrefix("index.blocks.") || name.hasPrefix("index.routing.")
    }

    static func normalize(_ name: String) -> String {
        name.hasPrefix("index.") ? name : "index.\(name)"
    }
}

extension IndexSettings: JSONConvertible {
    /// Decodes nested, flat or unprefixed settings, also wrapped in `"settings"`.
    ///
    /// - Throws: `settings_exception` when the JSON is not an object.
    public init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError(
                type: "settings_exception", reason: "Failed to load settings from [\(json)]", status: 400)
        }
        if members.count == 1, let inner = members["settings"] {
            try self.init(json: inner)
            return
        }
        var flat: [String: JSONValue] = [:]
        Self.flatten(json, prefix: "", into: &flat)
        self.init(flat)
    }

    private static func flatten(_ value: JSONValue, prefix: String, into flat: inout [String: JSONValue]) {
        if case .object(let members) = value, !(members.isEmpty && !prefix.isEmpty) {
            for (key, member) in members {
                flatten(member, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", into: &flat)
            }
        } else {
            flat[prefix] = value
        }
    }

    /// The nested form: `{"index": {"number_of_shards": 1, ...}}`.
    public var json: JSONValue {
        var root = JSONValue.object([:])
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            root = Self.inserting(value, at: key.split(separator: ".").map(String.init)[...], into: root)
        }
        return root
    }

    private static func inserting(_ value: JSONValue, at path: ArraySlice<String>, into node: JSONValue)
        -> JSONValue
    {
        guard let first = path.first else { return value }
        var members = node.objectValue ?? [:]
        members[first] = inserting(value, at: path.dropFirst(), into: members[first] ?? .object([:]))
        return .object(members)
    }
}
