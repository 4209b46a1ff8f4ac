/// An error that may be the user's input at fault (exit code 64) rather than a failure (exit code 1).
public protocol BadInputError: Error {
    /// Whether the error is about bad usage or input.
    var isBadInput: Bool { get }
}
