import ESModels

/// A component template's body, as `PUT /_component_template/{name}` takes it: a `template`
/// (settings, mappings, aliases) that composable index templates name in `composed_of`.
struct ComponentTemplate {
    var definition: IndexDefinition

    init(json: JSONValue, name: String) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing("request body is required")
        }
        guard let template = members.removeValue(forKey: "template"), !template.isNull else {
            throw ElasticsearchError.xContentParse("Required [template]")
        }
        for ignored in ["version", "_meta", "deprecated"] { members[ignored] = nil }
        if let unknown = members.keys.sorted().first {
            throw ElasticsearchError.xContentParse("[component_template] unknown field [\(unknown)]")
        }
        definition = try IndexDefinition(json: template)
    }
}

extension Engine {
    /// Stores a component template (`PUT /_component_template/{name}`).
    ///
    /// - Throws: `illegal_argument_exception` for an existing name with `create`, and the
    ///   errors of settings and mappings Elasticsearch gives at index creation.
    func putComponentTemplate(_ name: String, body: JSONValue, create: Bool) throws -> AcknowledgedResponse {
        let template = try ComponentTemplate(json: body, name: name)
        try Self.validateSettings(template.definition.settings)
        try Self.validateMapping(template.definition.mappings)
        return try write { catalog, records in
            if create, catalog.metadata.componentTemplates[name] != nil {
                throw ElasticsearchError.illegalArgument("component template [\(name)] already exists")
            }
            catalog.metadata.componentTemplates[name] = body
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The component templates `names` selects (names and patterns; `nil` for all), by name,
    /// with their bodies as stored.
    ///
    /// - Throws: `resource_not_found_exception` for a concrete name that matches nothing.
    func componentTemplates(_ names: String?) throws -> [(name: String, body: JSONValue)] {
        try read { catalog in
            try ClusterMetadata.select(names, from: catalog.metadata.componentTemplates) {
                ElasticsearchError.resourceNotFound("component template matching [\($0)] not found")
            }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// Removes the component templates `names` selects.
    ///
    /// - Throws: `resource_not_found_exception` for a name that matches nothing;
    ///   `illegal_argument_exception` when a composable index template is composed of one.
    func deleteComponentTemplates(_ names: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let selected = try ClusterMetadata.select(names, from: catalog.metadata.componentTemplates) {
                ElasticsearchError.resourceNotFound("component_template [\($0)] missing")
            }
            guard !selected.isEmpty else {
                if names != "*" && names != "_all" {
                    throw ElasticsearchError.resourceNotFound("component_template [\(names)] missing")
                }
                return AcknowledgedResponse(acknowledged: true)
            }
            let users = catalog.templates.sorted { $0.key < $1.key }.filter { entry in
                let components = (try? IndexTemplate(json: entry.value, name: entry.key))?.components ?? []
                return components.contains { selected[$0] != nil }
            }
            if !users.isEmpty {
                throw ElasticsearchError.illegalArgument(
                    "component templates [\(selected.keys.sorted().joined(separator: ", "))] cannot be removed as they are still in use by index templates [\(users.map(\.key).joined(separator: ", "))]"
                )
            }
            for name in selected.keys { catalog.metadata.componentTemplates[name] = nil }
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }
}
