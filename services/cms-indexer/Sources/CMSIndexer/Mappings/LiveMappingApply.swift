import ESModels

/// Brings live indices to their definitions in place, when every difference is one
/// Elasticsearch accepts on a live index: new fields and sub-fields, new `properties` of
/// objects, updatable parameters, the definition version in `_meta`, dynamic settings.
///
/// It never moves an alias and never creates or deletes an index. When any difference is
/// breaking (or an alias points to no index) it changes nothing: ``plan(for:)`` throws
/// ``LiveMappingApply/Refusal`` naming the fields that need a full run.
///
/// ```swift
/// let report = await LiveMappingCheck(backend: backend).run()
/// let requests = try LiveMappingApply.plan(for: report)
/// try await LiveMappingApply.send(requests, to: backend)
/// ```
public enum LiveMappingApply {
    /// One request to the cluster.
    public struct Request: Sendable, Equatable {
        /// What it changes.
        public enum Kind: Sendable, Equatable {
            /// `PUT /{index}/_mapping` with the definition's mapping (Elasticsearch merges it).
            case mapping(Mapping)
            /// `PUT /{index}/_settings` (a `null` value restores the default).
            case settings(IndexSettings)
        }

        /// The index it changes.
        public var index: IndexName
        /// The concrete index (the alias' target).
        public var concrete: String
        /// The body.
        public var kind: Kind
        /// The changes it makes.
        public var changes: [LiveChange]

        /// The request as `--dry-run` prints it: the method and path, then the body.
        public var text: String {
            switch kind {
            case .mapping(let mapping): "PUT /\(concrete)/_mapping\n\(mapping.json.canonicalString)"
            case .settings(let settings): "PUT /\(concrete)/_settings\n\(settings.json.canonicalString)"
            }
        }
    }

    /// Why nothing may be applied in place.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Per index (the concrete one, or the alias that points to none), the reasons.
        public var reasons: [(index: String, lines: [String])]

        public static func == (lhs: Refusal, rhs: Refusal) -> Bool {
            lhs.reasons.map(\.index) == rhs.reasons.map(\.index)
                && lhs.reasons.map(\.lines) == rhs.reasons.map(\.lines)
        }

        public var description: String {
            ([
                "nothing applied: these differences need a full 'cms-indexer index' run, which builds new indices:"
            ]
                + reasons.flatMap { reason in reason.lines.map { "  \(reason.index): \($0)" } })
                .joined(separator: "\n")
        }
    }

    /// The requests that bring every drifted index to its definition.
    ///
    /// - Throws: ``Refusal`` when some difference is breaking or some alias points to no
    ///   index (then no request is planned for any index).
    public static func plan(
        for report: LiveMappingReport, definitions: [IndexName: IndexDefinition] = CMSIndices.all
    ) throws(Refusal) -> [Request] {
        var refusals: [(index: String, lines: [String])] = []
        var requests: [Request] = []
        for entry in report.drifted {
            if entry.status == .noIndex {
                refusals.append((entry.alias, ["the alias '\(entry.alias)' points to no index"]))
                continue
            }
            let definition = definitions[entry.index] ?? CMSIndices.definition(for: entry.index)
            for index in entry.concrete where !index.changes.isEmpty {
                if !index.breaking.isEmpty {
                    refusals.append((index.name, index.breaking.map(\.description)))
                    continue
                }
                let settingChanges = index.additive.filter {
                    if case .settingChanged = $0.change.kind { return true }
                    return false
                }
                let mappingChanges = index.additive.filter { !settingChanges.contains($0) }
                if !mappingChanges.isEmpty {
                    requests.append(
                        Request(
                            index: entry.index, concrete: index.name, kind: .mapping(definition.mappings),
                            changes: mappingChanges))
                }
                if !settingChanges.isEmpty {
                    var values: [String: JSONValue] = [:]
                    for change in settingChanges {
                        guard case .settingChanged(let name, _, _) = change.change.kind else { continue }
                        values[name] = definition.settings[name] ?? .null
                    }
                    requests.append(
                        Request(
                            index: entry.index, concrete: index.name, kind: .settings(IndexSettings(values)),
                            changes: settingChanges))
                }
            }
        }
        if !refusals.isEmpty { throw Refusal(reasons: refusals) }
        return requests
    }

    /// Sends the requests in order; the first the cluster refuses stops the rest.
    public static func send(_ requests: [Request], to backend: any SearchBackend) async throws {
        for request in requests {
            switch request.kind {
            case .mapping(let mapping): _ = try await backend.putMapping(request.concrete, mapping: mapping)
            case .settings(let settings):
                _ = try await backend.updateSettings(request.concrete, settings: settings)
            }
        }
    }

    /// The `_source` paths whose documents must be written again for the new mapping to hold
    /// their values: a new field's own path, and for a new sub-field (`title.raw`) or a changed
    /// parameter (`ignore_above`) the path of the field whose values it indexes. A new `_meta`,
    /// `dynamic` or setting needs no document written.
    public static func sourcePaths(
        of requests: [Request], definitions: [IndexName: IndexDefinition] = CMSIndices.all
    )
        -> [IndexName: [String]]
    {
        var paths: [IndexName: Set<String>] = [:]
        for request in requests {
            let mapping = (definitions[request.index] ?? CMSIndices.definition(for: request.index)).mappings
            for change in request.changes where change.change.path != "_root" {
                switch change.change.kind {
                case .fieldAdded, .parameterChanged:
                    paths[request.index, default: []].insert(sourcePath(of: change.change.path, in: mapping))
                default: continue
                }
            }
        }
        return paths.mapValues { $0.sorted() }
    }

    /// The path of the `_source` value a mapped path indexes: the path itself, cut after the
    /// first field that is not an object (what follows names its multi-fields).
    static func sourcePath(of path: String, in mapping: Mapping) -> String {
        let components = path.split(separator: ".").map(String.init)
        for end in 1...components.count {
            let prefix = components[0..<end].joined(separator: ".")
            guard let field = mapping.field(at: prefix) else { return path }
            if !field.type.isObjectLike { return prefix }
        }
        return path
    }
}
