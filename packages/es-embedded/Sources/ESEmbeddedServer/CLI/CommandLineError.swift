/// Problems with the command line of `es-embedded`.
enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// An option the command does not know.
    case unknownOption(String, suggestion: String?)
    /// An option given without its value.
    case missingValue(String)
    /// An option value that does not fit.
    case invalidValue(option: String, value: String, expected: String)
    /// A subcommand that does not exist.
    case unknownSubcommand(String)
    /// No subcommand at all.
    case missingSubcommand

    var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see 'es-embedded serve --help'")
        case .missingValue(let option):
            "option '\(option)' needs a value; see 'es-embedded serve --help'"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)"
        case .unknownSubcommand(let name):
            "unknown subcommand '\(name)'; the only subcommand is 'serve' (see 'es-embedded --help')"
        case .missingSubcommand:
            "missing subcommand; run 'es-embedded serve' (see 'es-embedded --help')"
        }
    }
}
