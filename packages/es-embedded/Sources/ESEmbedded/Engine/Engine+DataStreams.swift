import ESModels
import Foundation

extension Catalog {
    /// The backing indices of the data stream `name`, oldest first (the last is the write
    /// index); `nil` when there is no such data stream.
    func dataStreamIndices(_ name: String) -> [String]? {
        metadata.dataStreams[name]?["indices"]?.arrayValue?.compactMap(\.stringValue)
    }

    /// The data stream `index` backs, if any.
    func dataStream(backedBy index: String) -> String? {
        metadata.dataStreams.first { $0.value["indices"]?.arrayValue?.contains(.string(index)) == true }?.key
    }
}

extension ElasticsearchError {
    static let dataStreamWritesAreCreates = ElasticsearchError.illegalArgument(
        "only write ops with an op_type of create are allowed in data streams")
}

extension Engine {
    /// The timestamp field every document of a data stream carries.
    static let dataStreamTimestamp = "@timestamp"

    /// Creates the data stream `name` and its first backing index,
    /// `.ds-<name>-<yyyy.MM.dd>-000001`, from the matching composable template with a
    /// `data_stream` (its settings and mappings, `@timestamp` mapped as a `date` when the
    /// template does not map it). Returns the backing index.
    ///
    /// - Throws: `illegal_argument_exception` when no template matches or the matching one
    ///   has no `data_stream`; `resource_already_exists_exception` for an existing name.
    func createDataStreamState(_ name: String, in catalog: inout Catalog, records: inout [JournalRecord])
        throws
        -> String
    {
        try IndexNames.validateIndex(name)
        if catalog.metadata.dataStreams[name] != nil {
            throw ElasticsearchError(
                type: "resource_already_exists_exception", reason: "data_stream [\(name)] already exists",
                status: 400)
        }
        if catalog.indices[name] != nil || catalog.aliases[name] != nil {
            throw ElasticsearchError.invalidIndexName(
                name, "data stream [\(name)] conflicts with an index or alias")
        }
        guard let (templateName, template) = Self.matchingTemplate(name, catalog: catalog) else {
            throw ElasticsearchError.illegalArgument(
                "no matching index template found for data stream [\(name)]")
        }
        guard template.dataStream != nil else {
            throw ElasticsearchError.illegalArgument(
                "matching index template [\(templateName)] for data stream [\(name)] has no data stream template"
            )
        }
        var definition = try Self.applyingTemplates(name, IndexDefinition(), catalog: catalog)
        if let mapped = definition.mappings.properties[Self.dataStreamTimestamp] {
            guard mapped.type == .date else {
                throw ElasticsearchError.illegalArgument(
                    "data stream timestamp field [\(Self.dataStreamTimestamp)] is of type [\(mapped.type)], but [date,date_nanos] is expected"
                )
            }
        } else {
            definition.mappings.properties[Self.dataStreamTimestamp] = FieldMapping(type: .date)
        }
        var settings = definition.settings.values
        settings["index.hidden"] = "true"
        let backing = Self.backingIndexName(name, generation: 1, millis: clock.nowMillis)
        createIndexState(
            backing, settings: IndexSettings(settings), mapping: definition.mappings, in: &catalog,
            records: &records)
        catalog.metadata.dataStreams[name] = [
            "template": .string(templateName), "indices": [.string(backing)], "generation": 1,
            "hidden": .bool(template.dataStream?["hidden"]?.boolValue ?? false),
        ]
        records.append(.clusterMetadata(catalog.metadata))
        return backing
    }

    /// `.ds-<name>-<yyyy.MM.dd>-<generation, six digits>`, as Elasticsearch names backing indices.
    static func backingIndexName(_ name: String, generation: Int, millis: Int) -> String {
        let (year, month, day) = CivilTime.date(
            days: CivilTime.floorDivide(millis, CivilTime.millisPerDay).quotient)
        return String(format: ".ds-%@-%04d.%02d.%02d-%06d", name, year, month, day, generation)
    }

    /// `PUT /_data_stream/{name}`.
    func createDataStream(_ name: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            _ = try createDataStreamState(name, in: &catalog, records: &records)
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// The data streams `names` selects (names and `*` patterns; `nil` for all), as
    /// `GET /_data_stream` lists them.
    ///
    /// - Throws: `index_not_found_exception` for a concrete name that is no data stream.
    func dataStreams(_ names: String?) throws -> [JSONValue] {
        try read { catalog in
            let selected = try ClusterMetadata.select(
                names, from: catalog.metadata.dataStreams, missing: ElasticsearchError.indexNotFound)
            return selected.sorted { $0.key < $1.key }.map { name, stream in
                let indices = catalog.dataStreamIndices(name) ?? []
                let replicas = indices.compactMap { catalog.indices[$0]?.numberOfReplicas }.max() ?? 0
                return [
                    "name": .string(name), "timestamp_field": ["name": .string(Self.dataStreamTimestamp)],
                    "indices": .array(
                        indices.map { index in
                            [
                                "index_name": .string(index),
                                "index_uuid": .string(catalog.indices[index]?.identity.uuid ?? ""),
                                "prefer_ilm": true, "managed_by": "Unmanaged",
                            ]
                        }),
                    "generation": stream["generation"] ?? 1, "status": replicas == 0 ? "GREEN" : "YELLOW",
                    "template": stream["template"] ?? .null, "hidden": stream["hidden"] ?? false,
                    "system": false,
                    "allow_custom_routing": false, "replicated": false, "rollover_on_write": false,
                    "next_generation_managed_by": "Unmanaged", "prefer_ilm": true,
                ]
            }
        }
    }

    /// `DELETE /_data_stream/{name}`: the data streams and their backing indices.
    ///
    /// - Throws: `index_not_found_exception` for a concrete name that is no data stream.
    func deleteDataStreams(_ names: String) throws -> AcknowledgedResponse {
        try write { catalog, records in
            let selected = try ClusterMetadata.select(
                names, from: catalog.metadata.dataStreams, missing: ElasticsearchError.indexNotFound)
            guard !selected.isEmpty else { return AcknowledgedResponse(acknowledged: true) }
            for name in selected.keys.sorted() {
                for index in catalog.dataStreamIndices(name) ?? [] {
                    catalog.removeIndex(index)
                    records.append(.deleteIndex(name: index))
                }
                catalog.metadata.dataStreams[name] = nil
            }
            records.append(.clusterMetadata(catalog.metadata))
            return AcknowledgedResponse(acknowledged: true)
        }
    }

    /// Checks that a document written to a data stream carries its timestamp.
    static func checkDataStreamDocument(_ document: JSONValue) throws {
        guard case .object(let members) = document, let timestamp = members[dataStreamTimestamp],
            !timestamp.isNull
        else {
            throw ElasticsearchError.documentParsing(
                "failed to parse: data stream timestamp field [\(dataStreamTimestamp)] is missing",
                causedBy: ErrorCause(
                    type: "illegal_argument_exception",
                    reason: "data stream timestamp field [\(dataStreamTimestamp)] is missing"))
        }
    }
}
