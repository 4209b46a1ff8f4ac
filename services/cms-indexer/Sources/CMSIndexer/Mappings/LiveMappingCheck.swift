import ESModels

/// Compares the indices a running cluster serves with the index definitions: for every
/// definition, the mapping and settings of each concrete index its alias points to.
///
/// The diff is the file check's (``MappingDiff``, breaking and additive marked), read as "what
/// it takes to turn the live index into the definition", so it goes both ways: a field only the
/// definition has is `fieldAdded` (additive: `mappings apply` adds it), one only the live index
/// has is `fieldRemoved` (breaking: only a new index drops it), with how it got there where
/// that can be told (``LiveChange/Origin``). Keys under an object the definition maps
/// `dynamic: true` (the titles keyed by language) are data, not drift.
///
/// Settings: the ones the definition declares are compared by value (the cluster reports every
/// value as a string), and a setting only the live index has is drift too, except those the
/// cluster sets itself (uuid, creation date, provided name, version, the replicas that
/// `auto_expand_replicas` chooses, the tier preference).
///
/// It only reads (`GET <alias>/_alias`, `_mapping`, `_settings`).
///
/// ```swift
/// let report = await LiveMappingCheck(backend: backend).run()
/// print(report.text)    // exitCode: 0 in sync, 1 drift, 2 the cluster could not be read
/// ```
public struct LiveMappingCheck: Sendable {
    /// The cluster.
    public var backend: any SearchBackend
    /// The definitions to compare with, by index.
    public var definitions: [IndexName: IndexDefinition]
    /// The indices to check, in report order.
    public var indices: [IndexName]

    /// Creates a check of `indices` against `definitions` (by default every index definition).
    public init(
        backend: any SearchBackend, definitions: [IndexName: IndexDefinition] = CMSIndices.all,
        indices: [IndexName] = CMSIndices.names
    ) {
        self.backend = backend
        self.definitions = definitions
        self.indices = indices
    }

    /// Settings a cluster adds to every index by itself (OpenSearch adds `index.replication.type`).
    static func isGenerated(_ name: String) -> Bool {
        [
            "index.uuid", "index.creation_date", "index.provided_name",
            "index.routing.allocation.include._tier_preference", "index.history.uuid",
            "index.replication.type",
        ].contains(name) || name.hasPrefix("index.version.") || name.hasPrefix("index.resize.")
    }

    /// Reads and compares every index; once the cluster does not answer, the indices after
    /// it are not asked (each would wait out the same retries).
    public func run() async -> LiveMappingReport {
        var entries: [LiveMappingReport.Entry] = []
        var unanswered: String?
        for index in indices {
            if let unanswered {
                let definition = definitions[index] ?? CMSIndices.definition(for: index)
                entries.append(
                    LiveMappingReport.Entry(
                        index: index, alias: index.rawValue,
                        definitionVersion: CMSIndices.version(of: definition),
                        status: .unreadable("not asked: the cluster did not answer for '\(unanswered)'")))
                continue
            }
            let (entry, answered) = await read(index)
            if !answered { unanswered = index.rawValue }
            entries.append(entry)
        }
        return LiveMappingReport(entries: entries)
    }

    /// Reads and compares one index.
    public func check(_ index: IndexName) async -> LiveMappingReport.Entry {
        await read(index).entry
    }

    /// Reads and compares one index, and tells whether the cluster answered.
    private func read(_ index: IndexName) async -> (entry: LiveMappingReport.Entry, answered: Bool) {
        let alias = index.rawValue
        let definition = definitions[index] ?? CMSIndices.definition(for: index)
        var entry = LiveMappingReport.Entry(
            index: index, alias: alias, definitionVersion: CMSIndices.version(of: definition))
        do {
            let concrete: [String]
            do {
                concrete = try await backend.indices(forAlias: alias).sorted()
            } catch let error as ElasticsearchError where error.status == 404 {
                concrete = []
            }
            guard !concrete.isEmpty else {
                entry.status = .noIndex
                return (entry, true)
            }
            for name in concrete {
                let mappings = try await backend.getMapping(name)
                let settings = try await backend.getSettings(name)
                guard let mapping = mappings[name] else {
                    throw LiveReadError(reason: "the cluster returned no mapping for '\(name)'")
                }
                guard let live = settings[name] else {
                    throw LiveReadError(reason: "the cluster returned no settings for '\(name)'")
                }
                entry.concrete.append(
                    Self.compare(name: name, mapping: mapping, settings: live, with: definition))
            }
            entry.status = entry.concrete.allSatisfy(\.changes.isEmpty) ? .inSync : .drift
        } catch {
            entry.status = .unreadable(Self.describe(error))
            return (entry, !(error is SearchTransportError))
        }
        return (entry, true)
    }

    /// Compares one live index with a definition.
    public static func compare(
        name: String, mapping: Mapping, settings: IndexSettings, with definition: IndexDefinition
    ) -> LiveMappingReport.ConcreteIndex {
        var target = definition
        target.aliases = [:]
        target.settings = IndexSettings(definition.settings.values.mapValues(Self.reported))
        var liveValues: [String: JSONValue] = [:]
        for (key, value) in settings.values where !isGenerated(key) {
            liveValues[key] = reported(value)
        }
        if definition.settings["auto_expand_replicas"] != nil
            && definition.settings["number_of_replicas"] == nil
        {
            liveValues["index.number_of_replicas"] = nil
        }
        for key in ["index.number_of_shards", "index.number_of_replicas"]
        where definition.settings[key] == nil && liveValues[key] == "1" {
            // The defaults, reported whether set or not.
            liveValues[key] = nil
        }
        let live = IndexDefinition(settings: IndexSettings(liveValues), mappings: mapping)
        let diff = MappingDiff(from: live, to: target)
        var result = LiveMappingReport.ConcreteIndex(
            name: name, recordedVersion: CMSIndices.recordedVersion(in: mapping))
        for change in diff.changes {
            if case .fieldRemoved(let field) = change.kind {
                if isDataKey(change.path, in: definition.mappings) {
                    result.dataKeys.append(change.path)
                    continue
                }
                result.changes.append(
                    LiveChange(change: change, origin: origin(of: field, at: change.path, in: mapping)))
                continue
            }
            if isUnderDataKey(change.path, in: definition.mappings) {
                continue
            }
            result.changes.append(LiveChange(change: change, origin: nil))
        }
        return result
    }

    /// Whether `path` is a key of an object the definition maps `dynamic: true` (data, such
    /// as a language code under `titles`).
    static func isDataKey(_ path: String, in definition: Mapping) -> Bool {
        guard let dot = path.lastIndex(of: ".") else { return false }
        let parent = String(path[..<dot])
        if let object = definition.field(at: parent), object.type.isObjectLike, object.dynamic == .true,
            object.properties[String(path[path.index(after: dot)...])] == nil
        {
            return true
        }
        return isUnderDataKey(parent, in: definition)
    }

    /// Whether `path` lies inside a data key (a sub-field of a dynamically mapped title).
    static func isUnderDataKey(_ path: String, in definition: Mapping) -> Bool {
        var components = path.split(separator: ".").map(String.init)
        while components.count > 1 {
            components.removeLast()
            if isDataKey(components.joined(separator: "."), in: definition) { return true }
        }
        return false
    }

    /// How a field only the live index has got there: by dynamic mapping when its parent
    /// accepts new fields and it has the shape Elasticsearch gives a new value, explicitly when
    /// its parent refuses new fields (a put-mapping, or the index was created with it).
    static func origin(of field: FieldMapping, at path: String, in live: Mapping) -> LiveChange.Origin? {
        let parentMode: DynamicMode?
        if let dot = path.lastIndex(of: ".") {
            guard let parent = live.field(at: String(path[..<dot])) else { return nil }
            guard parent.type.isObjectLike else { return .explicit }  // a multi-field
            parentMode = effectiveMode(at: String(path[..<dot]), in: live)
        } else {
            parentMode = live.dynamic ?? .true
        }
        switch parentMode {
        case .strict, .false: return .explicit
        case .runtime: return nil
        case .true, nil: return looksDynamic(field) ? .dynamic : nil
        }
    }

    /// The dynamic mode in force at an object path (inherited from the nearest ancestor that
    /// sets one, else the root's, else `true`).
    static func effectiveMode(at path: String, in mapping: Mapping) -> DynamicMode {
        var components = path.split(separator: ".").map(String.init)
        while !components.isEmpty {
            if let mode = mapping.field(at: components.joined(separator: "."))?.dynamic { return mode }
            components.removeLast()
        }
        return mapping.dynamic ?? .true
    }

    /// Whether a field has a shape Elasticsearch's dynamic mapping gives a new value: a string
    /// as `text` with a `keyword` sub-field (`ignore_above: 256`), a whole number as `long`, a
    /// fraction as `float`, `boolean`, `date`, or an object of such fields.
    static func looksDynamic(_ field: FieldMapping) -> Bool {
        switch field.type {
        case .long, .float, .boolean, .date:
            return field.parameters.isEmpty && field.fields.isEmpty
        case .text:
            guard field.parameters.isEmpty, field.fields.count == 1, let keyword = field.fields["keyword"]
            else { return false }
            return keyword.type == .keyword && keyword.parameters == ["ignore_above": .int(256)]
        case .object:
            return field.dynamic == nil && field.properties.values.allSatisfy(looksDynamic)
        default:
            return false
        }
    }

    /// A setting's value as the cluster reports it: a string.
    static func reported(_ value: JSONValue) -> JSONValue {
        .string(value.stringValue ?? value.compactString)
    }

    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as SearchTransportError: "the cluster does not answer: \(error)"
        case let error as ElasticsearchError: "the cluster refused to answer: \(error)"
        case let error as LiveReadError: error.reason
        default: "\(error)"
        }
    }
}

/// An answer the check cannot use.
struct LiveReadError: Error {
    var reason: String
}

/// One difference between a live index and its definition.
public struct LiveChange: Sendable, Equatable {
    /// How a field only the live index has got there, where that can be told.
    public enum Origin: String, Sendable, Equatable {
        /// Added by dynamic mapping: a document carried it.
        case dynamic
        /// Added explicitly: by a put-mapping, or present when the index was created.
        case explicit
    }

    /// The difference, read from the live index to the definition.
    public var change: MappingChange
    /// For a field only the live index has.
    public var origin: Origin?

    /// Creates a change.
    public init(change: MappingChange, origin: Origin? = nil) {
        self.change = change
        self.origin = origin
    }

    /// One line: `[additive] series_uuid: in the definition, not in the live index (keyword)`
    /// (``ESModels/MappingChange/liveDescription(reference:origin:)``).
    public var description: String {
        switch origin {
        case .dynamic: change.liveDescription(origin: "added by dynamic mapping (a document carried it)")
        case .explicit: change.liveDescription(origin: "added by a put-mapping or when the index was created")
        case nil: change.liveDescription()
        }
    }
}
