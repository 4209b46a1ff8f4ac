/// A document in the search store that does not have the shape of its model: a bug in the
/// indexer or a mapping the catalogue does not know yet. It is never the client's fault, so it
/// becomes a logged 500.
struct StoredDocumentError: Error, Equatable, CustomStringConvertible {
    /// The model being read.
    var model: String
    /// The field at fault.
    var field: String
    /// What was expected there.
    var expected: String

    var description: String {
        "stored \(model) document has no \(expected) in '\(field)'; check the indexer against the mapping copy"
    }
}
