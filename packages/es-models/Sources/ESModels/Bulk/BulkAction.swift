/// The four bulk actions.
public enum BulkAction: String, Sendable, Equatable, CaseIterable {
    /// Create or replace a document.
    case index
    /// Create a document; fails with a 409 when the id exists.
    case create
    /// Partially update a document.
    case update
    /// Delete a document.
    case delete
}
