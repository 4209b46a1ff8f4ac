/// The normalized rows of one document, gathered from its table and child tables.
///
/// A row that cannot be read (a value of the wrong storage class) does not stop the run: it
/// is recorded in ``problems`` and the document is reported as failed, with its id.
public protocol NormalizedRecord: Sendable {
    /// The primary key of the main row: the document id.
    var id: String { get }
    /// Rows of this document that could not be read.
    var problems: [String] { get set }
    /// An empty record for the main row with this key.
    init(id: String)
}
