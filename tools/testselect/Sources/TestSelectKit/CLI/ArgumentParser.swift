import TestSelectSupport

/// Bad command-line usage (exit code 64).
public enum UsageError: Error, CustomStringConvertible, Equatable, BadInputError {
    /// An option the command does not know.
    case unknownOption(String, command: String, suggestion: String?)
    /// An option given without its value.
    case missingValue(String, next: String? = nil)
    /// An option or positional with an unusable value.
    case invalidValue(option: String, value: String, expected: String)
    /// A required positional argument is missing.
    case missingArgument(String)
    /// A required option is missing.
    case missingOption(String, command: String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String, command: String)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)
    /// A word where a subcommand goes that names none (the default command takes no argument);
    /// `subcommands` are the ones there are.
    case unknownSubcommand(String, command: String, suggestion: String?, subcommands: [String])
    /// An option given without another it needs.
    case needsOption(String, needs: String)

    public var description: String {
        switch self {
        case .unknownOption(let option, let command, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "unknown option '\(option)' for '\(command)'\(hint); see '\(command) --help'"
        case .missingValue(let option, let next):
            if let next {
                return
                    "option '\(option)' needs a value; a value that begins with '--' is written '\(option)=\(next)'"
            }
            return "option '\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            return "invalid value '\(value)' for '\(option)'; expected \(expected)"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .missingOption(let option, let command):
            return "'\(command)' needs '\(option)'; see '\(command) --help'"
        case .unexpectedArgument(let argument, let command):
            return "unexpected argument '\(argument)'; see '\(command) --help'"
        case .conflictingOptions(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together"
        case .unknownSubcommand(let name, let command, let suggestion, let subcommands):
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? " (its subcommands: \(subcommands.joined(separator: ", ")))"
            return
                "unexpected argument '\(name)': not a subcommand of '\(command)'\(hint); see '\(command) --help'"
        case .needsOption(let option, let needed):
            return "'\(option)' needs '\(needed)'"
        }
    }

    public var isBadInput: Bool { true }
}

/// The words of a command line sorted by canonical name; the declared properties of a command take
/// their values from it.
public struct ParsedArguments: Sendable {
    /// The full command name, for messages (`testselect run`).
    public let command: String
    var flags: Set<String> = []
    var options: [String: String] = [:]
    var positionals: [String: String] = [:]

    init(command: String) {
        self.command = command
    }
}

/// A small argument parser: `--name value`, `--name=value`, flags, positionals, and `--` to end options.
///
/// The dependency-free copy of `packages/cli-kit`'s `ArgumentParser` (the root package depends on
/// nothing), with the same rules: change both.
public enum ArgumentParser {
    /// Parses arguments for a command.
    ///
    /// - Parameters:
    ///   - arguments: the words after the command name.
    ///   - declarations: what the command accepts.
    ///   - commandName: the full command name, for messages (`testselect graph`).
    public static func parse(
        _ arguments: [String], declarations: [ArgumentDeclaration], commandName: String
    )
        throws(UsageError) -> ParsedArguments
    {
        var parsed = ParsedArguments(command: commandName)
        let positionals = declarations.filter(\.isPositional)
        var nextPositional = 0
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("-"), word != "-" {
                var name = word
                var inlineValue: String? = nil
                if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                    name = String(word[..<equals])
                    inlineValue = String(word[word.index(after: equals)...])
                }
                guard let definition = declarations.first(where: { $0.names.contains(name) }) else {
                    let known = declarations.flatMap(\.names) + ["--help"]
                    throw .unknownOption(
                        name, command: commandName, suggestion: NearMatch.closest(to: name, among: known))
                }
                switch definition.kind {
                case .flag:
                    guard inlineValue == nil else {
                        throw .invalidValue(option: name, value: inlineValue ?? "", expected: "no value")
                    }
                    parsed.flags.insert(definition.name)
                case .option:
                    if let inlineValue {
                        parsed.options[definition.name] = inlineValue
                    } else {
                        guard index < arguments.count else { throw .missingValue(name) }
                        // `--base --head` is a forgotten value, not a base named '--head'.
                        let value = arguments[index]
                        if value.hasPrefix("--"), value.count > 2 { throw .missingValue(name, next: value) }
                        parsed.options[definition.name] = value
                        index += 1
                    }
                case .positional:
                    break
                }
                continue
            }
            guard nextPositional < positionals.count else {
                throw .unexpectedArgument(word, command: commandName)
            }
            parsed.positionals[positionals[nextPositional].name] = word
            nextPositional += 1
        }
        return parsed
    }

    /// Whether the words ask for help (`-h`/`--help` before any `--`).
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        for word in arguments {
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
        }
        return false
    }
}
