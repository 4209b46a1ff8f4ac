/// The words of a command line sorted into flags, option values and positionals, by canonical
/// name; the declared properties of a command take their values from it.
public struct ParsedArguments: Sendable {
    /// The full command name, for messages (`cms-indexer index`).
    public let command: String
    /// The canonical names of the flags given.
    public internal(set) var flags: Set<String> = []
    /// The text given for each option, by canonical name (the last, when one is repeated).
    public internal(set) var options: [String: String] = [:]
    /// The word given for each positional, by value name.
    public internal(set) var positionals: [String: String] = [:]

    /// Arguments with nothing given.
    public init(command: String) {
        self.command = command
    }
}
