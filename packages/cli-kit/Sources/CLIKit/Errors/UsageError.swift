/// A command line that cannot run as written (exit code 64).
public enum UsageError: Error, CustomStringConvertible, Equatable, ExitCodeProviding {
    /// An option the command does not know.
    case unknownOption(String, command: String, suggestion: String?)
    /// A subcommand the command does not know; `subcommands` are the ones it has.
    case unknownSubcommand(String, command: String, suggestion: String?, subcommands: [String] = [])
    /// A command that only groups subcommands was given none.
    case missingSubcommand(command: String)
    /// An option given without its value; `next` is the word that followed, when one did.
    case missingValue(String, next: String?)
    /// A required option is missing.
    case missingOption(String, command: String)
    /// None of several options, one of which the command needs, was given; `otherwise` names
    /// what else would do (an environment variable).
    case missingOneOf([String], command: String, otherwise: String?)
    /// A required positional argument is missing.
    case missingArgument(String, command: String)
    /// An option or positional with an unusable value.
    case invalidValue(option: String, value: String, expected: String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String, command: String)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let command, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown option '\(option)' for '\(command)'\(hint); see '\(command) --help'"
        case .unknownSubcommand(let name, let command, let suggestion, let subcommands):
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? (subcommands.isEmpty ? "" : " (its subcommands: \(subcommands.joined(separator: ", ")))")
            return "unknown subcommand '\(name)' for '\(command)'\(hint); see '\(command) --help'"
        case .missingSubcommand(let command):
            return "'\(command)' needs a subcommand; see '\(command) --help'"
        case .missingValue(let option, let next?) where next.hasPrefix("--") && next != "--":
            return
                "option '\(option)' needs a value; a value that begins with '--' is written '\(option)=\(next)'"
        case .missingValue(let option, _):
            return "option '\(option)' needs a value"
        case .missingOption(let option, let command):
            return "'\(command)' needs '\(option)'; see '\(command) --help'"
        case .missingOneOf(let options, let command, let otherwise):
            let alternative = otherwise.map { " (or \($0))" } ?? ""
            return "'\(command)' needs \(NearMatch.list(options))\(alternative); see '\(command) --help'"
        case .missingArgument(let name, let command):
            return "missing argument \(name); see '\(command) --help'"
        case .invalidValue(let option, let value, let expected):
            return "invalid value '\(value)' for '\(option)'; expected \(expected)"
        case .unexpectedArgument(let argument, let command):
            return "unexpected argument '\(argument)'; see '\(command) --help'"
        case .conflictingOptions(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together; choose one"
        }
    }

    public var exitCode: ExitCode { .usage }
}
