/// A command line the `catalogue` command cannot run: answered with exit code 64.
public enum UsageError: Error, Equatable, CustomStringConvertible {
    /// No subcommand was given.
    case missingSubcommand
    /// The subcommand does not exist.
    case unknownSubcommand(String, suggestion: String?)
    /// An option the command does not know.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last.
    case missingValue(option: String)
    /// An option's value is not acceptable.
    case invalidValue(option: String, value: String, expected: String)
    /// Two options that exclude each other were both given.
    case conflictingOptions(String, String)
    /// No search store was chosen.
    case missingSearchStore

    public var description: String {
        switch self {
        case .missingSubcommand:
            "missing subcommand; run 'catalogue --help'"
        case .unknownSubcommand(let name, let suggestion):
            "unknown subcommand '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; run 'catalogue --help'")
        case .unknownOption(let name, let suggestion):
            "unknown option '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; run 'catalogue serve --help'")
        case .missingValue(let option):
            "option '\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)"
        case .conflictingOptions(let first, let second):
            "'\(first)' and '\(second)' cannot be used together; choose one"
        case .missingSearchStore:
            "no search store: pass '--es URL' (a cluster or 'es-embedded serve') or '--data DIR' (an embedded "
                + "engine's data directory), or set ELASTICSEARCH_URL"
        }
    }
}
