import ESModels

extension ElasticsearchError {
    /// `invalid_index_name_exception` (400): `Invalid index name [Foo], must be lowercase`.
    static func invalidIndexName(_ index: String, _ why: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "invalid_index_name_exception", reason: "Invalid index name [\(index)], \(why)",
            status: 400,
            metadata: ["index_uuid": "_na_", "index": .string(index)])
    }

    /// `invalid_alias_name_exception` (400).
    static func invalidAliasName(_ alias: String, _ why: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "invalid_alias_name_exception", reason: "Invalid alias name [\(alias)]: \(why)", status: 400
        )
    }

    /// `aliases_not_found_exception` (404): `aliases [a] missing`.
    static func aliasesNotFound(_ aliases: [String]) -> ElasticsearchError {
        let list = aliases.joined(separator: ",")
        return ElasticsearchError(
            type: "aliases_not_found_exception", reason: "aliases [\(list)] missing", status: 404,
            metadata: ["resource.type": "aliases", "resource.id": .string(list)])
    }

    /// `query_shard_exception` (400) raised while building a query on one index.
    static func queryShard(
        _ reason: String, index: IndexIdentity, causedBy: ErrorCause? = nil
    ) -> ElasticsearchError {
        ElasticsearchError(
            type: "query_shard_exception", reason: reason, status: 400,
            metadata: ["index_uuid": .string(index.uuid), "index": .string(index.name)], causedBy: causedBy)
    }

    /// `query_shard_exception` "failed to create query: ..." wrapping the cause, as
    /// Elasticsearch reports a query that cannot be built on a field.
    static func failedToCreateQuery(_ cause: ErrorCause, index: IndexIdentity) -> ElasticsearchError {
        queryShard("failed to create query: \(cause.reason)", index: index, causedBy: cause)
    }

    /// `search_phase_execution_exception` "all shards failed" around the failures of every
    /// shard (one per index here), with Elasticsearch's root causes.
    static func allShardsFailed(_ failures: [ShardFailure]) -> ElasticsearchError {
        let shards: [JSONValue] = failures.map { failure in
            [
                "shard": 0, "index": .string(failure.index.name), "node": .string(EngineIdentity.nodeID),
                "reason": failure.error.cause.json,
            ]
        }
        var cause = ErrorCause(
            type: "search_phase_execution_exception", reason: "all shards failed",
            metadata: ["phase": "query", "grouped": true, "failed_shards": .array(shards)])
        cause.causedBy = failures.first?.error.cause
        return ElasticsearchError(
            cause: cause, status: failures.first?.error.status ?? 400,
            rootCauses: failures.map { Self.rootCause(of: $0.error.cause) })
    }

    /// The root cause Elasticsearch reports: the deepest cause that is one of its own
    /// exceptions (Java exceptions such as `illegal_state_exception` inside it do not count,
    /// unless the failure is one).
    static func rootCause(of cause: ErrorCause) -> ErrorCause {
        var current = cause
        while let inner = current.causedBy, !Self.javaExceptionTypes.contains(inner.type) {
            current = inner
        }
        current.causedBy = nil
        return current
    }

    private static let javaExceptionTypes: Set<String> = [
        "illegal_state_exception", "illegal_argument_exception", "number_format_exception",
        "date_time_parse_exception", "array_index_out_of_bounds_exception",
    ]

    /// `unavailable_shards_exception` (503) for an index whose records are damaged: Elasticsearch
    /// answers so for an index whose primary shard failed; here the reason says what to do.
    static func indexUnavailable(_ failure: IndexFailure) -> ElasticsearchError {
        ElasticsearchError(
            type: "unavailable_shards_exception",
            reason: "[\(failure.index)][0] primary shard is not active: \(failure)", status: 503,
            metadata: ["index_uuid": "_na_", "index": .string(failure.index), "shard": "0"])
    }

    /// `document_parsing_exception` (400) for a value that does not fit its field.
    static func fieldParsing(
        field: String, type: FieldType, id: String, preview: String, causedBy: ErrorCause
    ) -> ElasticsearchError {
        documentParsing(
            "failed to parse field [\(field)] of type [\(type)] in document with id '\(id)'. "
                + "Preview of field's value: '\(preview)'", causedBy: causedBy)
    }
}

/// One shard's failure in a search.
struct ShardFailure: Sendable {
    var index: IndexIdentity
    var error: ElasticsearchError
}

/// The name and uuid of a concrete index, as errors and responses mention it.
struct IndexIdentity: Sendable, Hashable {
    var name: String
    var uuid: String
}

/// Names this single-node engine reports for itself.
enum EngineIdentity {
    /// The node id in shard failures and cluster answers.
    static let nodeID = "es-embedded-node-0"
    /// The node name.
    static let nodeName = "es-embedded"
}
