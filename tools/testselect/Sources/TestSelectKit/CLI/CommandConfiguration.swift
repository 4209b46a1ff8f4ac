/// One option, flag or positional argument a command accepts.
public struct ArgumentDefinition: Sendable {
    /// How the argument is written.
    public enum Kind: Sendable, Equatable {
        /// `--flag`.
        case flag
        /// `--option VALUE` or `--option=VALUE`.
        case option(valueName: String)
        /// A bare word.
        case positional(valueName: String)
    }

    /// Names (`--format`, `-h`); the first is the canonical one. Empty for a positional.
    public var names: [String]
    /// The kind.
    public var kind: Kind
    /// One line of help.
    public var help: String

    /// A flag.
    public static func flag(_ names: String..., help: String) -> ArgumentDefinition {
        ArgumentDefinition(names: names, kind: .flag, help: help)
    }

    /// An option taking a value.
    public static func option(_ name: String, value: String, help: String) -> ArgumentDefinition {
        ArgumentDefinition(names: [name], kind: .option(valueName: value), help: help)
    }

    /// A positional argument.
    public static func positional(_ valueName: String, help: String) -> ArgumentDefinition {
        ArgumentDefinition(names: [], kind: .positional(valueName: valueName), help: help)
    }

    /// Whether it is a positional argument.
    public var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// The canonical name (`--format`), or the value name for a positional.
    public var name: String {
        if case .positional(let valueName) = kind { return valueName }
        return names.first ?? ""
    }
}

/// What a command is called, what it does, and what it accepts.
public struct CommandConfiguration: Sendable {
    /// The subcommand name (`graph`).
    public var name: String
    /// One sentence.
    public var abstract: String
    /// More help: details and examples.
    public var discussion: String
    /// Accepted arguments (`--help` is implied).
    public var arguments: [ArgumentDefinition]

    /// Creates a configuration.
    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentDefinition]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
    }
}
