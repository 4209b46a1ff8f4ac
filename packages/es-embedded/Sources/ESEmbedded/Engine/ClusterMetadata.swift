import ESModels

/// The cluster-wide state Elasticsearch keeps in its cluster state beside indices, aliases and
/// composable templates, and that test harnesses reset between tests: legacy (`_template`) and
/// component (`_component_template`) templates, persistent cluster settings and snapshot
/// repository definitions. Held in the catalog and journaled whole when it changes (it is small).
struct ClusterMetadata: Sendable, Equatable {
    /// Legacy index templates by name: the bodies as stored.
    var legacyTemplates: [String: JSONValue] = [:]
    /// Component templates by name: the bodies as stored.
    var componentTemplates: [String: JSONValue] = [:]
    /// Persistent cluster settings, flat (`cluster.routing.allocation.enable` -> value).
    var persistentSettings: [String: JSONValue] = [:]
    /// Snapshot repositories by name: `{"type": ..., "settings": {...}}`. They hold no data.
    var repositories: [String: JSONValue] = [:]
    /// Data streams by name: `{"template": ..., "indices": [backing index, ...], "generation": n}`,
    /// the last backing index the write index.
    var dataStreams: [String: JSONValue] = [:]

    var isEmpty: Bool {
        legacyTemplates.isEmpty && componentTemplates.isEmpty && persistentSettings.isEmpty
            && repositories.isEmpty && dataStreams.isEmpty
    }

    private static let sections = [
        "legacy_templates", "component_templates", "persistent_settings", "repositories", "data_streams",
    ]

    /// The form the journal stores.
    var json: JSONValue {
        [
            "legacy_templates": .object(legacyTemplates), "component_templates": .object(componentTemplates),
            "persistent_settings": .object(persistentSettings), "repositories": .object(repositories),
            "data_streams": .object(dataStreams),
        ]
    }

    init() {}

    /// Reads the journal's form; `nil` when it is not one (a damaged record).
    init?(json: JSONValue) {
        guard case .object(let members) = json, members.keys.allSatisfy(Self.sections.contains) else {
            return nil
        }
        func section(_ name: String) -> [String: JSONValue]? {
            guard let value = members[name] else { return [:] }
            return value.objectValue
        }
        guard let legacy = section("legacy_templates"), let components = section("component_templates"),
            let settings = section("persistent_settings"), let repositories = section("repositories"),
            let dataStreams = section("data_streams")
        else { return nil }
        self.legacyTemplates = legacy
        self.componentTemplates = components
        self.persistentSettings = settings
        self.repositories = repositories
        self.dataStreams = dataStreams
    }
}

extension ClusterMetadata {
    /// The entries of `table` that `names` selects: comma-separated names and `*` patterns;
    /// `_all`, `*` or `nil` for all. A pattern that matches nothing adds nothing.
    ///
    /// - Throws: `missing(name)` for the first concrete name `table` lacks (with `missing` `nil`,
    ///   such a name is left out).
    static func select(
        _ names: String?, from table: [String: JSONValue], missing: ((String) -> ElasticsearchError)?
    ) throws -> [String: JSONValue] {
        let parts = (names ?? "_all").split(separator: ",").map(String.init)
        if parts.isEmpty || parts == ["_all"] || parts == ["*"] { return table }
        var selected: [String: JSONValue] = [:]
        for part in parts {
            if part.contains("*") {
                for (name, value) in table where Glob.matches(part, name) { selected[name] = value }
            } else if let value = table[part] {
                selected[part] = value
            } else if let missing {
                throw missing(part)
            }
        }
        return selected
    }
}
