/// The options given on a command line, by name (`--db`).
public struct ParsedOptions: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    let command: String

    /// The value of an option, if given.
    public func value(_ name: String) -> String? { values[name] }

    /// The value of a required option.
    public func required(_ name: String) throws -> String {
        guard let value = values[name] else { throw UsageError.missingOption(name, command: command) }
        return value
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option within a range, or the default when absent.
    public func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
            throw UsageError.invalidValue(
                option: name, value: text, expected: "an integer from \(range.lowerBound)\(upper)")
        }
        return number
    }
}

/// A small argument parser: `--name value`, `--name=value`, flags; no positionals.
public enum ArgumentParser {
    /// Parses the words after the command name.
    public static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedOptions {
        var parsed = ParsedOptions(command: spec.name)
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-"), word != "-" else {
                throw UsageError.unexpectedArgument(word, command: spec.name)
            }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError.unknownOption(
                    name, command: spec.name,
                    suggestion: NearMatch.closest(to: name, among: spec.options.map(\.name) + ["--help"]))
            }
            if option.valueName == nil {
                guard inline == nil else {
                    throw UsageError.invalidValue(option: name, value: inline ?? "", expected: "no value")
                }
                parsed.flags.insert(name)
            } else if let inline {
                parsed.values[name] = inline
            } else {
                guard index < arguments.count else { throw UsageError.missingValue(name) }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        return parsed
    }

    /// Whether the words ask for help.
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.contains("-h") || arguments.contains("--help")
    }
}

/// "Did you mean" suggestions by edit distance.
enum NearMatch {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored, score <= max(2, word.count / 3) else { return nil }
        return best
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
