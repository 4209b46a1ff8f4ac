/// How one option, flag or positional argument is written, and its line of help.
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
}

/// A typed declaration a command lists in its configuration (``Flag``, ``Option``, ``Positional``).
public protocol ArgumentDeclaring: Sendable {
    /// How it is written and its help.
    var declaration: ArgumentDeclaration { get }
}
