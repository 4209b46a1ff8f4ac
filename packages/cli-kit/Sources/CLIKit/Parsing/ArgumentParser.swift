/// Sorts the words of a command line by a command's declarations.
///
/// The rules, shared by every tool of the repository (and checked by
/// `Conformance/cli-behaviour.json`):
/// - `-h` or `--help` anywhere before `--` asks for help (see ``asksForHelp(_:)``);
/// - `--` ends the options: every later word is positional;
/// - `--name=value` and `--name value` give a value; a separate value never begins with `--`
///   (`--name --other` is a missing value), so a value that does is written `--name=--value`;
///   `-` alone is a value (standard input, by convention);
/// - an unknown option is an error naming the nearest known one ("did you mean");
/// - a flag takes no value; an option given twice keeps the last value.
///
/// The root package (testselect), which depends on nothing, keeps a deliberate copy with the same
/// rules in `tools/testselect/Sources/TestSelectKit/CLI/ArgumentParser.swift`: change both.
public enum ArgumentParser {
    /// Parses the words after the command's name.
    ///
    /// - Parameters:
    ///   - words: the words after the command (and subcommand) name.
    ///   - arguments: what the command declares.
    ///   - command: the full command name, for messages (`cms-indexer index`).
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a flag with a value,
    ///   too many or too few positionals.
    public static func parse(
        _ words: [String], declarations arguments: [ArgumentDeclaration], command: String
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        let positionals = arguments.filter(\.isPositional)
        var nextPositional = 0
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("-"), word != "-" {
                var name = word
                var inlineValue: String? = nil
                if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                    name = String(word[..<equals])
                    inlineValue = String(word[word.index(after: equals)...])
                }
                guard let declaration = arguments.first(where: { $0.names.contains(name) }) else {
                    let known = arguments.flatMap(\.names) + ["--help"]
                    throw .unknownOption(
                        name, command: command, suggestion: NearMatch.closest(to: name, among: known))
                }
                switch declaration.kind {
                case .flag:
                    if let inlineValue {
                        throw .invalidValue(option: name, value: inlineValue, expected: "no value")
                    }
                    parsed.flags.insert(declaration.name)
                case .option:
                    if let inlineValue {
                        parsed.options[declaration.name] = inlineValue
                    } else {
                        guard index < words.count, !words[index].hasPrefix("--") else {
                            throw .missingValue(name, next: index < words.count ? words[index] : nil)
                        }
                        parsed.options[declaration.name] = words[index]
                        index += 1
                    }
                case .positional:
                    break
                }
                continue
            }
            guard nextPositional < positionals.count else {
                throw .unexpectedArgument(word, command: command)
            }
            parsed.positionals[positionals[nextPositional].name] = word
            nextPositional += 1
        }
        for missing in positionals.dropFirst(nextPositional) {
            if case .positional(_, isOptional: false) = missing.kind {
                throw .missingArgument("<\(missing.name)>", command: command)
            }
        }
        return parsed
    }

    /// Whether the words ask for help: `-h` or `--help` before any `--`, wherever it stands
    /// (even where a value is expected, and even next to bad usage).
    public static func asksForHelp(_ words: [String]) -> Bool {
        for word in words {
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
        }
        return false
    }
}
