/// One disagreement between a document model and an index mapping.
public struct ModelMappingIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of disagreement it is.
    public enum Kind: String, Sendable, Equatable {
        /// The model writes a field the mapping does not declare.
        case unmappedField = "unmapped field"
        /// The model writes a value the mapped type does not accept.
        case incompatibleType = "incompatible type"
        /// A document with every mapped field does not decode into the model.
        case undecodable = "undecodable"
        /// The mapping declares a field the model drops when it decodes and encodes a document.
        case droppedField = "dropped field"
    }

    /// The dotted field path (empty for the whole document).
    public var path: String
    /// The kind of disagreement.
    public var kind: Kind
    /// What exactly disagrees.
    public var detail: String

    /// Creates an issue.
    public init(path: String, kind: Kind, detail: String) {
        self.path = path
        self.kind = kind
        self.detail = detail
    }

    public var description: String {
        "\(kind.rawValue) '\(path)': \(detail)"
    }
}
