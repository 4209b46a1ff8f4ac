/// The result of one bulk operation: success details or an error with its status.
public struct BulkItemResult: Sendable, Equatable {
    /// The operation's action.
    public var action: BulkAction
    /// The concrete index (or the requested name when it could not be resolved).
    public var index: String
    /// The document id (generated ids included); `nil` only for some failures.
    public var id: String?
    /// The HTTP status of this item (201 created, 200 updated, 404, 409, 400...).
    public var status: Int
    /// What happened, on success.
    public var result: DocumentResult?
    /// The document version, on success.
    public var version: Int?
    /// The sequence number, on success.
    public var seqNo: Int?
    /// The primary term, on success.
    public var primaryTerm: Int?
    /// Shard statistics, on success.
    public var shards: ShardStatistics?
    /// The error, on failure.
    public var error: ErrorCause?

    /// A successful item.
    public init(
        action: BulkAction, index: String, id: String, status: Int, result: DocumentResult, version: Int = 1,
        seqNo: Int = 0, primaryTerm: Int = 1, shards: ShardStatistics? = .single
    ) {
        self.action = action
        self.index = index
        self.id = id
        self.status = status
        self.result = result
        self.version = version
        self.seqNo = seqNo
        self.primaryTerm = primaryTerm
        self.shards = shards
    }

    /// A failed item, with the status and error of an ``ElasticsearchError``.
    public init(action: BulkAction, index: String, id: String?, failure: ElasticsearchError) {
        self.action = action
        self.index = index
        self.id = id
        self.status = failure.status
        self.error = failure.cause
    }

    /// Whether the item failed.
    public var isFailure: Bool { error != nil }
}
