/// The `result` of a write: what happened to the document.
public enum DocumentResult: String, Sendable, Equatable, CaseIterable {
    case created
    case updated
    case deleted
    case notFound = "not_found"
    case noop
}
