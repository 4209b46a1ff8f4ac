/// Why a JSON text could not be parsed, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character.
    public var line: Int
    /// The 1-based column (in bytes) of the offending character.
    public var column: Int
    /// What is wrong, lower-case (`unexpected character '}'`).
    public var message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `[line:column] message`, the way Elasticsearch prefixes parse errors.
    public var description: String { "[\(line):\(column)] \(message)" }
}
