/// A document model stored in one of our indices.
public protocol SearchDocument: Codable, Sendable, Equatable {
    /// The index (alias) documents of this type live in.
    static var indexName: IndexName { get }
    /// The document's `_id`.
    var documentID: String { get }
}
