import ESModels

/// A legacy index template's body, as `PUT /_template/{name}` takes it: `index_patterns`,
/// `order`, `version`, `settings`, `mappings` and `aliases`.
struct LegacyTemplate {
    var patterns: [String]
    var order: Int
    var definition: IndexDefinition

    init(json: JSONValue, name: String) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing("request body is required")
        }
        switch members.removeValue(forKey: "index_patterns") {
        case .string(let pattern)?: patterns = [pattern]
        case .array(let list)?: patterns = list.compactMap(\.stringValue)
        default: patterns = []
        }
        guard !patterns.isEmpty else { throw ElasticsearchError.validation(["index patterns are missing"]) }
        switch members.removeValue(forKey: "order") {
        case nil, .null?: order = 0
        case let value?:
            guard let number = value.intValue ?? value.stringValue.flatMap({ Int($0) }) else {
                throw ElasticsearchError.illegalArgument("malformed [order] value [\(value.compactString)]")
            }
            order = number
        }
        members["version"] = nil
        var body: [String: JSONValue] = [:]
        for key in ["settings", "aliases"] { body[key] = members.removeValue(forKey: key) }
        if case .object(let mappings)? = members.removeValue(forKey: "mappings") {
            // Mappings may still carry the `_doc` type name legacy templates were written with.
            if mappings.count == 1, case .object(let typed)? = mappings["_doc"] {
                body["mappings"] = .object(typed)
            } else {
                body["mappings"] = .object(mappings)
            }
        }
        if let unknown = members.keys.sorted().first {
            throw ElasticsearchError.illegalArgument("unknown key [\(unknown)] in the template ")
        }
        definition = try IndexDefinition(json: .object(body))
    }

    func matches(_ index: String) -> Bool {
        patterns.contains { Glob.matches($0, index) }
    }
}

extension ElasticsearchError {
    /// `index_template_missing_exception` "index_template [name] missing" (404).
    static func legacyTemplateMissing(_ name: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "index_template_missing_exception", reason: "index_template [\(name)] missing", status: 404)
    }
}

extension Engine {
    /// Stores a legacy index template (`PUT /_template/{name}`).
    ///
    /// - Throws: `action_request_validation_exception` without `index_patterns`,
    ///   `illegal_argument_exception` for an existing name with `create`, and the errors of
    ///   settings and mappings Elasticsearch gives at index creation.
    func putLegacyTemplate(_ name: String, body: JSONValue, create: Bool) throws -> AcknowledgedResponse {
        let template = try LegacyTemplate(json: body, name: name)
        try Self.validateSettings(template.definition.settings)
        try Self.validateMapping(template.definition.mappings)
        return try write { catalog, records in
            if create, catalog.metadata.legacyTemplates[name] != nil {
                throw ElasticsearchError.illegalArgument("index_template [\(name)] already exists")
            }
            catalog.metadata.legacyTemplates[name] = body
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The legacy templates `names` selects (names and patterns; `nil` for all), by name, as
    /// `GET /_template` shows them (`order`, `version`, `index_patterns`, flat `settings` with
    /// string values, `mappings`, `aliases`). A concrete name that matches nothing is left out.
    func legacyTemplates(_ names: String?) throws -> [(name: String, template: JSONValue)] {
        try read { catalog in
            try ClusterMetadata.select(names, from: catalog.metadata.legacyTemplates, missing: nil)
                .sorted { $0.key < $1.key }
                .compactMap { entry in
                    guard let template = try? LegacyTemplate(json: entry.value, name: entry.key) else {
                        return nil
                    }
                    var shown: [String: JSONValue] = [
                        "order": .int(template.order),
                        "index_patterns": .array(template.patterns.map(JSONValue.string)),
                        "settings": .object(
                            template.definition.settings.values.mapValues {
                                .string($0.stringValue ?? $0.compactString)
                            }),
                        "mappings": template.definition.mappings.json,
                        "aliases": .object(template.definition.aliases.mapValues(\.json)),
                    ]
                    if let version = entry.value["version"], !version.isNull { shown["version"] = version }
                    return (entry.key, .object(shown))
                }
        }
    }

    /// Removes the legacy templates `names` selects.
    ///
    /// - Throws: `index_template_missing_exception` for a concrete name or a pattern that
    ///   matches nothing.
    func deleteLegacyTemplates(_ names: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let selected = try ClusterMetadata.select(
                names, from: catalog.metadata.legacyTemplates,
                missing: ElasticsearchError.legacyTemplateMissing)
            guard !selected.isEmpty else {
                // Only a match-all pattern may match nothing.
                if names != "*" && names != "_all" { throw ElasticsearchError.legacyTemplateMissing(names) }
                return AcknowledgedResponse(acknowledged: true)
            }
            for name in selected.keys { catalog.metadata.legacyTemplates[name] = nil }
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }
}
