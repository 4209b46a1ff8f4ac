import ESModels

/// Cluster settings as `PUT /_cluster/settings` takes them: `persistent` (journaled) and
/// `transient` (in memory), each flat or nested, a `null` value resetting a setting (a key
/// ending in `*` resets every setting it matches).
public struct ClusterSettingsUpdate: Sendable, Equatable {
    /// Flat key -> value (`nil` resets).
    public var persistent: [String: JSONValue?]
    /// Flat key -> value (`nil` resets).
    public var transient: [String: JSONValue?]

    /// Decodes a `PUT /_cluster/settings` body.
    ///
    /// - Throws: `x_content_parse_exception` for a member other than `persistent` and
    ///   `transient`; `action_request_validation_exception` when there is nothing to update.
    public init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("request body is required")
        }
        if let unknown = members.keys.sorted().first(where: { $0 != "persistent" && $0 != "transient" }) {
            throw ElasticsearchError.xContentParse(
                "[cluster_update_settings_request] unknown field [\(unknown)]")
        }
        func flat(_ name: String) throws -> [String: JSONValue?] {
            guard let value = members[name], !value.isNull else { return [:] }
            guard case .object = value else {
                throw ElasticsearchError.xContentParse(
                    "[cluster_update_settings_request] failed to parse field [\(name)]")
            }
            var result: [String: JSONValue?] = [:]
            Self.flatten(value, prefix: "", into: &result)
            return result
        }
        persistent = try flat("persistent")
        transient = try flat("transient")
        if persistent.isEmpty && transient.isEmpty {
            throw ElasticsearchError.validation(["no settings to update"])
        }
    }

    private static func flatten(_ value: JSONValue, prefix: String, into result: inout [String: JSONValue?]) {
        if case .object(let members) = value {
            for (key, member) in members {
                flatten(member, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", into: &result)
            }
        } else {
            // `updateValue`: a subscript assignment of `nil` would drop the reset instead of keeping it.
            result.updateValue(
                value.isNull ? JSONValue?.none : ClusterSettingsUpdate.stored(value), forKey: prefix)
        }
    }

    /// Elasticsearch keeps every setting as a string (a list as a list of strings).
    static func stored(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string: value
        case .array(let items): .array(items.map(stored))
        default: .string(value.compactString)
        }
    }
}

/// The cluster settings, as `GET /_cluster/settings` reports them (flat keys).
public struct ClusterSettings: Sendable, Equatable {
    /// Persistent settings, flat.
    public var persistent: [String: JSONValue]
    /// Transient settings, flat.
    public var transient: [String: JSONValue]
}

extension Catalog {
    /// A cluster setting's value: the transient one, else the persistent one, as Elasticsearch
    /// resolves them.
    func clusterSetting(_ key: String) -> JSONValue? {
        transientSettings[key] ?? metadata.persistentSettings[key]
    }
}

extension Engine {
    /// Namespaces of the settings Elasticsearch 8 accepts as cluster settings; a key outside
    /// them is refused as Elasticsearch refuses an unknown setting.
    static let clusterSettingNamespaces = [
        "action.", "bootstrap.", "ccr.", "cluster.", "cluster_state.", "data_streams.", "discovery.",
        "gateway.",
        "health.", "http.", "indices.", "ingest.", "logger.", "network.", "node.", "path.",
        "persistent_tasks.",
        "repositories.", "script.", "search.", "slm.", "snapshot.", "thread_pool.", "transport.", "xpack.",
    ]

    /// Applies a cluster settings update; answers what it set, as Elasticsearch's response does.
    ///
    /// - Throws: `illegal_argument_exception` naming the first unknown setting; nothing is
    ///   applied then.
    func updateClusterSettings(_ update: ClusterSettingsUpdate) throws -> ClusterSettings {
        for (scope, changes) in [("persistent", update.persistent), ("transient", update.transient)] {
            for (key, value) in changes.sorted(by: { $0.key < $1.key })
            where value != nil && value != .null
                && !Self.clusterSettingNamespaces.contains(where: key.hasPrefix)
            {
                throw ElasticsearchError.illegalArgument("\(scope) setting [\(key)], not recognized")
            }
        }
        func apply(_ changes: [String: JSONValue?], to settings: inout [String: JSONValue]) -> [String:
            JSONValue]
        {
            var applied: [String: JSONValue] = [:]
            for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
                if let value, !value.isNull {
                    settings[key] = value
                    applied[key] = value
                } else if key.contains("*") {
                    for existing in settings.keys where Glob.matches(key, existing) {
                        settings[existing] = nil
                    }
                } else {
                    settings[key] = nil
                }
            }
            return applied
        }
        return try write { catalog, records in
            var metadata = catalog.metadata
            let persistent = apply(update.persistent, to: &metadata.persistentSettings)
            let transient = apply(update.transient, to: &catalog.transientSettings)
            if metadata != catalog.metadata {
                catalog.metadata = metadata
                records.append(.clusterMetadata(metadata))
            }
            return ClusterSettings(persistent: persistent, transient: transient)
        }
    }

    /// The cluster settings set now.
    func clusterSettings() throws -> ClusterSettings {
        try read { catalog in
            ClusterSettings(
                persistent: catalog.metadata.persistentSettings, transient: catalog.transientSettings)
        }
    }
}
