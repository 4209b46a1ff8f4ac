/// A command line that cannot be run as written (exit code 64).
public enum UsageError: Error, CustomStringConvertible, Equatable {
    /// An option the command does not know.
    case unknownOption(String, command: String, suggestion: String?)
    /// A subcommand the command does not know.
    case unknownSubcommand(String, command: String, suggestion: String?)
    /// A subcommand is required.
    case missingSubcommand(command: String)
    /// An option given without its value.
    case missingValue(String)
    /// A required option is missing.
    case missingOption(String, command: String)
    /// An option with an unusable value.
    case invalidValue(option: String, value: String, expected: String)
    /// A positional argument the command does not take.
    case unexpectedArgument(String, command: String)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let command, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown option '\(option)' for '\(command)'\(hint); see '\(command) --help'"
        case .unknownSubcommand(let name, let command, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown subcommand '\(name)' for '\(command)'\(hint); see '\(command) --help'"
        case .missingSubcommand(let command):
            return "'\(command)' needs a subcommand; see '\(command) --help'"
        case .missingValue(let option):
            return "option '\(option)' needs a value"
        case .missingOption(let option, let command):
            return "'\(command)' needs '\(option)'; see '\(command) --help'"
        case .invalidValue(let option, let value, let expected):
            return "invalid value '\(value)' for '\(option)'; expected \(expected)"
        case .unexpectedArgument(let argument, let command):
            return "unexpected argument '\(argument)'; see '\(command) --help'"
        case .conflictingOptions(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together"
        }
    }
}
