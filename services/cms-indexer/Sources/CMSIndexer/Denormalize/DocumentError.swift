/// A document that could not be built from its rows, reported with its id; the others are
/// still indexed, and the run fails without moving the alias.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The index the document was for.
    public var index: String
    /// The document id: the primary key of its main row (`assets.uuid`).
    public var id: String
    /// What is wrong, one reason per bad value.
    public var reasons: [String]

    /// Creates an error.
    public init(index: String, id: String, reasons: [String]) {
        self.index = index
        self.id = id
        self.reasons = reasons
    }

    public var description: String {
        "\(index) document '\(id)': \(reasons.joined(separator: "; "))"
    }
}
