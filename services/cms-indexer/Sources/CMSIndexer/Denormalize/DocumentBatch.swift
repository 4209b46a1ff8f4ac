import ESModels

/// One batch of documents ready to index, the documents that could not be built, and how
/// many rows were read to make them.
public struct DocumentBatch: Sendable {
    /// The documents, as `(id, _source)`.
    public var documents: [(id: String, source: JSONValue)]
    /// The documents that failed, with their ids.
    public var errors: [DocumentError]
    /// Rows read from the database for this batch, over every table.
    public var rowsRead: Int
}
