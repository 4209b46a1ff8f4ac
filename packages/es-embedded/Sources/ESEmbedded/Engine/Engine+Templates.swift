import ESModels

/// A composable index template's body, as `PUT /_index_template/{name}` takes it.
struct IndexTemplate {
    var patterns: [String]
    var priority: Int
    /// The component templates it is composed of, applied in order beneath its own template.
    var components: [String]
    /// `data_stream` (`{}`, or with `hidden` and `allow_custom_routing`): what matches the
    /// template is created as a data stream.
    var dataStream: JSONValue?
    var definition: IndexDefinition

    init(json: JSONValue, name: String) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing("[index_template] failed to parse object")
        }
        switch members.removeValue(forKey: "index_patterns") {
        case .string(let pattern)?: patterns = [pattern]
        case .array(let list)?: patterns = list.compactMap(\.stringValue)
        default:
            throw ElasticsearchError.validation(["index patterns are missing"])
        }
        guard !patterns.isEmpty else { throw ElasticsearchError.validation(["index patterns are missing"]) }
        priority = members.removeValue(forKey: "priority")?.intValue ?? 0
        components = members.removeValue(forKey: "composed_of")?.arrayValue?.compactMap(\.stringValue) ?? []
        dataStream = members.removeValue(forKey: "data_stream")
        if dataStream?.isNull == true { dataStream = nil }
        if let dataStream, dataStream.objectValue == nil {
            throw ElasticsearchError.xContentParse("[index_template] failed to parse field [data_stream]")
        }
        definition = try IndexDefinition(json: members.removeValue(forKey: "template") ?? .object([:]))
        for ignored in [
            "_meta", "version", "allow_auto_create", "ignore_missing_component_templates", "deprecated",
        ] {
            members[ignored] = nil
        }
        if let unknown = members.keys.sorted().first {
            throw ElasticsearchError.xContentParse("[index_template] unknown field [\(unknown)]")
        }
    }

    func matches(_ index: String) -> Bool {
        patterns.contains { Glob.matches($0, index) }
    }
}

extension ElasticsearchError {
    /// `invalid_index_template_exception` "index_template [name] invalid, cause [reason]".
    static func invalidIndexTemplate(_ name: String, _ reason: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "invalid_index_template_exception",
            reason: "index_template [\(name)] invalid, cause [\(reason)]", status: 400)
    }
}

extension Engine {
    /// Stores a composable index template (`PUT /_index_template/{name}`).
    ///
    /// - Throws: `illegal_argument_exception` when another template of the same priority has an
    ///   overlapping pattern, as Elasticsearch refuses it.
    func putIndexTemplate(_ name: String, body: JSONValue, create: Bool = false) throws
        -> AcknowledgedResponse
    {
        let template = try IndexTemplate(json: body, name: name)
        try Self.validateSettings(template.definition.settings)
        try Self.validateMapping(template.definition.mappings)
        return try write { catalog, records in
            if create, catalog.templates[name] != nil {
                throw ElasticsearchError.illegalArgument("index template [\(name)] already exists")
            }
            let missing = template.components.filter { catalog.metadata.componentTemplates[$0] == nil }
            if !missing.isEmpty {
                throw ElasticsearchError.invalidIndexTemplate(
                    name,
                    "index template [\(name)] specifies component templates [\(missing.joined(separator: ", "))] that do not exist"
                )
            }
            for (other, otherBody) in catalog.templates.sorted(by: { $0.key < $1.key }) where other != name {
                guard let existing = try? IndexTemplate(json: otherBody, name: other),
                    existing.priority == template.priority
                else { continue }
                let overlapping = template.patterns.contains { pattern in
                    existing.patterns.contains { Glob.matches($0, pattern) || Glob.matches(pattern, $0) }
                }
                if overlapping {
                    throw ElasticsearchError.illegalArgument(
                        "index template [\(name)] has index patterns [\(template.patterns.joined(separator: ", "))] matching patterns from existing templates [\(other)] with patterns (\(other) => [\(existing.patterns.joined(separator: ", "))]) that have the same priority [\(template.priority)], multiple index templates may not match during index creation, please use a different priority"
                    )
                }
            }
            catalog.templates[name] = body
            records.append(.templates(catalog.templates))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The templates `name` (a name, a `*` pattern, or `nil` for all) selects, by name.
    ///
    /// - Throws: `resource_not_found_exception` when a concrete name matches nothing.
    func indexTemplates(_ name: String?) throws -> [(String, JSONValue)] {
        try read { catalog in
            let selected = catalog.templates.filter { name == nil || Glob.matches(name ?? "*", $0.key) }
                .sorted { $0.key < $1.key }
            if selected.isEmpty, let name, !name.contains("*") {
                throw ElasticsearchError.resourceNotFound("index template matching [\(name)] not found")
            }
            return selected.map { ($0.key, $0.value) }
        }
    }

    /// Removes a template.
    func deleteIndexTemplate(_ name: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let names = catalog.templates.keys.filter { Glob.matches(name, $0) }
            guard !names.isEmpty else {
                // Only a match-all pattern may match nothing, as in Elasticsearch.
                if name == "*" || name == "_all" { return AcknowledgedResponse(acknowledged: true) }
                throw ElasticsearchError.resourceNotFound("index_template [\(name)] missing")
            }
            for name in names { catalog.templates[name] = nil }
            records.append(.templates(catalog.templates))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The composable template that applies to a new index or data stream `name`: the
    /// matching one of highest priority.
    static func matchingTemplate(_ name: String, catalog: Catalog) -> (String, IndexTemplate)? {
        catalog.templates.compactMap { entry -> (String, IndexTemplate)? in
            guard let template = try? IndexTemplate(json: entry.value, name: entry.key),
                template.matches(name)
            else { return nil }
            return (entry.key, template)
        }
        .max { $0.1.priority != $1.1.priority ? $0.1.priority < $1.1.priority : $0.0 > $1.0 }
    }

    /// `definition` with the templates that match `name` applied beneath it: the composable
    /// template of highest priority (its component templates in order, then its own template),
    /// or, when no composable template matches, every matching legacy template by ascending
    /// `order`, as Elasticsearch 8 chooses. A later layer's settings win, mappings merge,
    /// aliases add up.
    static func applyingTemplates(_ name: String, _ definition: IndexDefinition, catalog: Catalog) throws
        -> IndexDefinition
    {
        var layers: [IndexDefinition]
        if let (_, template) = matchingTemplate(name, catalog: catalog) {
            layers = template.components.compactMap { component in
                catalog.metadata.componentTemplates[component].flatMap {
                    try? ComponentTemplate(json: $0, name: component).definition
                }
            }
            layers.append(template.definition)
        } else {
            layers = catalog.metadata.legacyTemplates.compactMap { entry -> (String, LegacyTemplate)? in
                guard let template = try? LegacyTemplate(json: entry.value, name: entry.key),
                    template.matches(name)
                else { return nil }
                return (entry.key, template)
            }
            .sorted { $0.1.order != $1.1.order ? $0.1.order < $1.1.order : $0.0 < $1.0 }
            .map(\.1.definition)
        }
        guard !layers.isEmpty else { return definition }
        layers.append(definition)
        var result = layers[0]
        for layer in layers.dropFirst() {
            var settings = result.settings.values
            for (key, value) in layer.settings.values { settings[key] = value }
            result.settings = IndexSettings(settings)
            result.mappings = try result.mappings.merged(with: layer.mappings)
            for (alias, aliasDefinition) in layer.aliases { result.aliases[alias] = aliasDefinition }
        }
        return result
    }
}

extension ElasticsearchError {
    /// `resource_not_found_exception` (404).
    static func resourceNotFound(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "resource_not_found_exception", reason: reason, status: 404)
    }
}
