/// The answer of a bulk request: one result per operation, in order. A failed item does not
/// fail the request; look at ``errors`` and ``failures``.
public struct BulkResponse: Sendable, Equatable {
    /// Milliseconds the request took.
    public var took: Int
    /// Whether any item failed.
    public var errors: Bool
    /// The per-operation results, in request order.
    public var items: [BulkItemResult]

    /// Creates a response; `errors` is derived from the items.
    public init(took: Int = 0, items: [BulkItemResult]) {
        self.took = took
        self.items = items
        self.errors = items.contains { $0.error != nil }
    }

    /// The items that failed.
    public var failures: [BulkItemResult] { items.filter { $0.error != nil } }
}
