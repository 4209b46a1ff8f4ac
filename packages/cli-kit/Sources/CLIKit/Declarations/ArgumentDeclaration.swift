// The root package (testselect) depends on nothing, so it keeps a copy of these declarations
// (tools/testselect/Sources/TestSelectKit/CLI/ArgumentDeclarations.swift): the same shape and
// rules. Change both.

/// How one option, flag or positional argument is written, and its line of help: what a command's
/// ``Option``, ``Flag`` and ``Positional`` properties declare, found by ``Command/arguments``.
public struct ArgumentDeclaration: Sendable, Equatable {
    /// How the argument is written.
    public enum Kind: Sendable, Equatable {
        /// `--flag`.
        case flag
        /// `--option VALUE` or `--option=VALUE`.
        case option(valueName: String)
        /// A bare word, in order; `isOptional` when the command runs without it.
        case positional(valueName: String, isOptional: Bool)
    }

    /// The spellings (`--format`, `-f`); the first is the canonical one. Empty for a positional.
    public var names: [String]
    /// The kind.
    public var kind: Kind
    /// One line of help.
    public var help: String
    /// The value used when the argument is not given, as help prints it (`500`); `nil` when there
    /// is none to print (a flag, a required argument, an optional one without a value).
    public var defaultValue: String?

    /// A declaration.
    public init(names: [String], kind: Kind, help: String, defaultValue: String? = nil) {
        self.names = names
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
    }

    /// The canonical name (`--format`), or the value name for a positional (`package:target`).
    public var name: String {
        if case .positional(let valueName, _) = kind { return valueName }
        return names.first ?? ""
    }

    /// Whether the argument is a bare word rather than an option or flag.
    public var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// The help with the default appended (`Documents per bulk request (default: 500).`).
    public var helpWithDefault: String {
        guard let defaultValue, !defaultValue.isEmpty else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return "\(sentence) (default: \(defaultValue))."
    }

    /// `batchSize` (or the wrapper's `_batchSize`) as `batch-size`.
    static func kebabCase(_ label: String) -> String {
        var words = ""
        for character in label.drop(while: { $0 == "_" }) {
            if character.isUppercase, !words.isEmpty { words.append("-") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }
}

/// A value an option or positional converts its text to: the conversion and what a valid text
/// looks like, for messages. `String`, `Int`, `UInt64` and `Double` conform; an enum of `String`
/// raw values that is `CaseIterable` conforms with an empty extension
/// (`extension Format: ExpressibleByArgument {}`), its choices listed in errors.
public protocol ExpressibleByArgument: Sendable {
    /// The value of `argument`, or `nil` when it is not acceptable.
    init?(argument: String)
    /// What a valid value looks like, completing "expected ..." (`an integer`).
    static var expectedArgument: String { get }
    /// The value as written on a command line, for a default printed in help.
    var argumentDescription: String { get }
}

extension ExpressibleByArgument {
    public var argumentDescription: String { "\(self)" }
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
    public static var expectedArgument: String { "a value" }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var expectedArgument: String { "an integer" }
}

extension UInt64: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var expectedArgument: String { "a whole number" }
}

extension Double: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var expectedArgument: String { "a number" }
    /// Whole numbers without a fraction ("2", not "2.0"), as one would type them.
    public var argumentDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}

extension ExpressibleByArgument where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var expectedArgument: String { NearMatch.list(allCases.map(\.rawValue)) }
    public var argumentDescription: String { rawValue }
}
