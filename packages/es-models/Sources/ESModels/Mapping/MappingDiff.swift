/// The structural difference between two mappings or index definitions: fields added,
/// removed, retyped, and parameters or settings changed, each marked additive or breaking.
///
/// The diff reads as "what it takes to turn `base` into `target`". For the fixture check,
/// `base` is the fixture copy and `target` the indexer's definition:
/// ```swift
/// let diff = MappingDiff(from: fixtureCopy, to: definition.mappings)
/// if !diff.isEmpty { print(diff.report) }
/// // mappings differ: 1 breaking change, 1 additive change
/// //   [breaking] ratings: type changed from [keyword] to [integer]
/// //   [additive] license_windows.uuid: field added (keyword)
/// ```
public struct MappingDiff: Sendable, Equatable {
    /// Every change, sorted by path.
    public private(set) var changes: [MappingChange]

    /// Compares two mappings.
    public init(from base: Mapping, to target: Mapping) {
        changes = []
        compareRoot(base, target)
        compareFields(base.properties, target.properties, prefix: "")
        sort()
    }

    /// Compares two index definitions: settings, aliases and mappings.
    public init(from base: IndexDefinition, to target: IndexDefinition) {
        self.init(from: base.mappings, to: target.mappings)
        compareSettings(base.settings, target.settings)
        compareAliases(base.aliases, target.aliases)
        sort()
    }

    /// Whether the two sides are structurally identical.
    public var isEmpty: Bool { changes.isEmpty }

    /// Whether any change needs a new index.
    public var hasBreakingChanges: Bool { changes.contains { $0.impact == .breaking } }

    /// The changes that need a new index.
    public var breakingChanges: [MappingChange] { changes.filter { $0.impact == .breaking } }

    /// The changes an existing index accepts.
    public var additiveChanges: [MappingChange] { changes.filter { $0.impact == .additive } }

    /// A readable report: a summary line, then one line per change (breaking first).
    public var report: String {
        guard !isEmpty else { return "mappings are identical" }
        let breaking = breakingChanges.count
        let additive = additiveChanges.count
        var parts: [String] = []
        if breaking > 0 { parts.append("\(breaking) breaking change\(breaking == 1 ? "" : "s")") }
        if additive > 0 { parts.append("\(additive) additive change\(additive == 1 ? "" : "s")") }
        let lines = (breakingChanges + additiveChanges).map { "  \($0)" }
        return (["mappings differ: \(parts.joined(separator: ", "))"] + lines).joined(separator: "\n")
    }

    // MARK: - Comparison

    private mutating func sort() {
        changes.sort { ($0.path, $0.description) < ($1.path, $1.description) }
    }

    private mutating func compareRoot(_ base: Mapping, _ target: Mapping) {
        if base.dynamic != target.dynamic {
            record(
                "_root",
                .parameterChanged(name: "dynamic", from: base.dynamic?.json, to: target.dynamic?.json),
                .additive)
        }
        if base.meta != target.meta {
            record(
                "_root",
                .parameterChanged(
                    name: "_meta", from: base.meta.map(JSONValue.object),
                    to: target.meta.map(JSONValue.object)), .additive)
        }
        let updatable: Set<String> = [
            "date_detection", "numeric_detection", "dynamic_date_formats", "dynamic_templates", "runtime",
        ]
        for name in Set(base.parameters.keys).union(target.parameters.keys).sorted()
        where base.parameters[name] != target.parameters[name] {
            record(
                "_root",
                .parameterChanged(name: name, from: base.parameters[name], to: target.parameters[name]),
                updatable.contains(name) ? .additive : .breaking)
        }
    }

    private mutating func compareFields(
        _ base: [String: FieldMapping], _ target: [String: FieldMapping], prefix: String
    ) {
        for name in Set(base.keys).union(target.keys).sorted() {
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            switch (base[name], target[name]) {
            case (nil, let added?): record(path, .fieldAdded(added), .additive)
            case (let removed?, nil): record(path, .fieldRemoved(removed), .breaking)
            case (let old?, let new?): compareField(old, new, path: path)
            case (nil, nil): break
            }
        }
    }

    private mutating func compareField(_ base: FieldMapping, _ target: FieldMapping, path: String) {
        guard base.type == target.type else {
            record(path, .typeChanged(from: base.type, to: target.type), .breaking)
            return
        }
        if base.dynamic != target.dynamic {
            record(
                path, .parameterChanged(name: "dynamic", from: base.dynamic?.json, to: target.dynamic?.json),
                .additive)
        }
        for name in Set(base.parameters.keys).union(target.parameters.keys).sorted()
        where base.parameters[name] != target.parameters[name] {
            let impact: MappingChange.Impact =
                FieldType.updatableParameters.contains(name) ? .additive : .breaking
            record(
                path, .parameterChanged(name: name, from: base.parameters[name], to: target.parameters[name]),
                impact)
        }
        compareFields(base.fields, target.fields, prefix: path)
        compareFields(base.properties, target.properties, prefix: path)
    }

    private mutating func compareSettings(_ base: IndexSettings, _ target: IndexSettings) {
        for name in Set(base.values.keys).union(target.values.keys).sorted()
        where base.values[name] != target.values[name] {
            let impact: MappingChange.Impact = IndexSettings.isDynamic(name) ? .additive : .breaking
            record(
                name, .settingChanged(name: name, from: base.values[name], to: target.values[name]), impact)
        }
    }

    private mutating func compareAliases(
        _ base: [String: AliasDefinition], _ target: [String: AliasDefinition]
    ) {
        for name in Set(base.keys).union(target.keys).sorted() where base[name] != target[name] {
            record(
                "_aliases", .aliasChanged(name: name, from: base[name]?.json, to: target[name]?.json),
                .additive)
        }
    }

    private mutating func record(_ path: String, _ kind: MappingChange.Kind, _ impact: MappingChange.Impact) {
        changes.append(MappingChange(path: path, kind: kind, impact: impact))
    }
}
