import ESModels

extension ElasticsearchError {
    /// `repository_missing_exception` "[name] missing" (404).
    public static func repositoryMissing(_ name: String) -> ElasticsearchError {
        ElasticsearchError(type: "repository_missing_exception", reason: "[\(name)] missing", status: 404)
    }

    /// `repository_exception` "[name] reason" (500, as Elasticsearch answers a repository it
    /// cannot create).
    static func repository(_ name: String, _ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "repository_exception", reason: "[\(name)] \(reason)", status: 500)
    }

    /// `snapshot_missing_exception` "[repository:snapshot] is missing" (404).
    public static func snapshotMissing(_ repository: String, _ snapshot: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "snapshot_missing_exception", reason: "[\(repository):\(snapshot)] is missing", status: 404)
    }
}

extension Engine {
    /// The repository types a default Elasticsearch 8 node has (the bundled modules), with the
    /// setting each one cannot do without.
    static let repositoryTypes: [String: String?] = [
        "fs": "location", "url": "url", "source": "delegate_type", "s3": nil, "gcs": nil, "azure": nil,
    ]

    /// Registers a snapshot repository (`PUT /_snapshot/{name}`). Only its definition is kept:
    /// es-embedded writes no snapshots, so there is nothing to verify.
    ///
    /// - Throws: `action_request_validation_exception` without a `type`, `repository_exception`
    ///   for a type a default node does not have or a missing required setting.
    func putRepository(_ name: String, body: JSONValue) throws -> AcknowledgedResponse {
        guard case .object(var members) = body else {
            throw ElasticsearchError.parsing("request body is required")
        }
        guard case .string(let type)? = members.removeValue(forKey: "type") else {
            throw ElasticsearchError.validation(["type is missing"])
        }
        var settings: [String: JSONValue] = [:]
        switch members.removeValue(forKey: "settings") {
        case .object(let given)?:
            for (key, value) in given { settings[key] = ClusterSettingsUpdate.stored(value) }
        case nil, .null?: break
        default: throw ElasticsearchError.parsing("[settings] must be an object")
        }
        if let unknown = members.keys.sorted().first {
            throw ElasticsearchError.illegalArgument("Unknown field [\(unknown)]")
        }
        guard let required = Self.repositoryTypes[type] else {
            throw ElasticsearchError.repository(name, "repository type [\(type)] does not exist")
        }
        if let required, settings[required] == nil {
            throw ElasticsearchError.repository(name, "missing \(required)")
        }
        return try write { catalog, records in
            catalog.metadata.repositories[name] = ["type": .string(type), "settings": .object(settings)]
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The repositories `names` selects (comma-separated names and `*` patterns; `_all`, `*` or
    /// `nil` for every one), by name.
    ///
    /// - Throws: `repository_missing_exception` for a concrete name that is not registered.
    func repositories(_ names: String?) throws -> [String: JSONValue] {
        try read { catalog in
            try ClusterMetadata.select(
                names, from: catalog.metadata.repositories, missing: ElasticsearchError.repositoryMissing)
        }
    }

    /// Removes the repositories `names` selects.
    ///
    /// - Throws: `repository_missing_exception` for a concrete name that is not registered.
    func deleteRepositories(_ names: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let selected = try ClusterMetadata.select(
                names, from: catalog.metadata.repositories, missing: ElasticsearchError.repositoryMissing)
            guard !selected.isEmpty else { return AcknowledgedResponse(acknowledged: true) }
            for name in selected.keys { catalog.metadata.repositories[name] = nil }
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }
}
