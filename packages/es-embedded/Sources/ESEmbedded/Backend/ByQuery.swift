import ESModels

/// How `_delete_by_query`, `_update_by_query` and `_reindex` go through the documents they find.
public struct ByQueryOptions: Sendable, Equatable {
    /// At most this many documents are written (`max_docs`); with ``proceedOnConflicts``, this
    /// many successful writes.
    public var maxDocs: Int?
    /// Whether version conflicts are counted and skipped (`conflicts=proceed`) instead of
    /// ending the operation after the batch they happen in (`abort`, the default).
    public var proceedOnConflicts: Bool
    /// Documents per batch (`scroll_size`, `source.size`; 1,000 by default).
    public var batchSize: Int
    /// Whether the written indices are refreshed when the operation ends (`refresh=true`).
    public var refresh: Bool
    /// How the source expression treats names that match nothing.
    public var indices: IndicesOptions
    /// The script `_update_by_query` runs on each document (`ctx._source`, `ctx.op`); without
    /// one, documents are written again unchanged.
    public var script: Script?

    /// Elasticsearch's defaults.
    public init(
        maxDocs: Int? = nil, proceedOnConflicts: Bool = false, batchSize: Int = 1000, refresh: Bool = false,
        indices: IndicesOptions = IndicesOptions()
    ) {
        self.maxDocs = maxDocs
        self.proceedOnConflicts = proceedOnConflicts
        self.batchSize = batchSize
        self.refresh = refresh
        self.indices = indices
    }
}

/// What `_reindex` copies: the documents `query` matches in `source` into `destination`.
public struct ReindexRequest: Sendable, Equatable {
    /// The source index expression (indices, aliases, patterns).
    public var source: String
    /// Only documents matching this query are copied (all when `nil`).
    public var query: Query?
    /// A query of any type the engine runs (``SearchQuery``); when set, it replaces ``query``.
    public var searchQuery: SearchQuery?
    /// The part of each `_source` that is copied (`source._source`).
    public var sourceFilter: SourceFilter?
    /// The index (or alias with a write index) documents are written to.
    public var destination: String
    /// Whether an existing destination document is a version conflict (`dest.op_type: create`)
    /// instead of being replaced.
    public var createOnly: Bool

    /// A reindex of `source` into `destination`.
    public init(
        source: String, query: Query? = nil, sourceFilter: SourceFilter? = nil, destination: String,
        createOnly: Bool = false
    ) {
        self.source = source
        self.query = query
        self.sourceFilter = sourceFilter
        self.destination = destination
        self.createOnly = createOnly
    }
}

/// The answer of `_delete_by_query`, `_update_by_query` and `_reindex` (Elasticsearch's
/// `BulkByScrollResponse`).
public struct ByQueryResponse: Sendable, Equatable {
    /// Which API answered: each leaves out the counts it never has.
    public enum Operation: Sendable, Equatable {
        case deleteByQuery, updateByQuery, reindex
    }

    /// The API that answered.
    public var operation: Operation
    /// Milliseconds the operation took.
    public var took = 0
    /// Documents the operation set out to process.
    public var total = 0
    /// Documents written that did not exist (`_reindex`).
    public var created = 0
    /// Documents written over an existing one.
    public var updated = 0
    /// Documents deleted (`_delete_by_query`).
    public var deleted = 0
    /// Batches written (one journal write each).
    public var batches = 0
    /// Documents skipped or failed because they changed since the search found them (or, for
    /// `op_type: create`, because they exist).
    public var versionConflicts = 0
    /// Writes that changed nothing.
    public var noops = 0
    /// Writes that failed; the operation stopped after the batch of the first one.
    public var failures: [ByQueryFailure] = []

    /// An empty answer of `operation`.
    public init(operation: Operation) {
        self.operation = operation
    }

    /// The HTTP status: 200, or the highest status of the failures.
    public var status: Int { failures.map(\.error.status).max() ?? 200 }

    /// Elasticsearch's response body.
    public var json: JSONValue {
        var body: [String: JSONValue] = [
            "took": .int(took), "timed_out": false, "total": .int(total), "deleted": .int(deleted),
            "batches": .int(batches), "version_conflicts": .int(versionConflicts), "noops": .int(noops),
            "retries": ["bulk": 0, "search": 0], "throttled_millis": 0, "requests_per_second": .double(-1),
            "throttled_until_millis": 0, "failures": .array(failures.map(\.json)),
        ]
        if operation != .deleteByQuery { body["updated"] = .int(updated) }
        if operation == .reindex { body["created"] = .int(created) }
        return .object(body)
    }
}

/// A document write of a by-query operation that failed.
public struct ByQueryFailure: Sendable, Equatable {
    /// The index written to.
    public var index: String
    /// The document's id.
    public var id: String
    /// Why the write failed.
    public var error: ElasticsearchError

    /// A failure to write `id` in `index`.
    public init(index: String, id: String, error: ElasticsearchError) {
        self.index = index
        self.id = id
        self.error = error
    }

    /// `{"index": ..., "id": ..., "cause": {...}, "status": 409}`.
    public var json: JSONValue {
        ["index": .string(index), "id": .string(id), "cause": error.cause.json, "status": .int(error.status)]
    }
}
