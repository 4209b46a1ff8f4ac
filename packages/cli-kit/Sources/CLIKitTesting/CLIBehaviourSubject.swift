import Foundation

/// One command of a built executable that the shared behaviour cases run against.
///
/// ```swift
/// let index = CLIBehaviourSubject(
///     executable: try BuiltProducts.executable("cms-indexer"), words: ["index"], option: "--db")
/// ```
public struct CLIBehaviourSubject: Sendable, CustomStringConvertible {
    /// What kind of command it is, which decides the cases that apply.
    public enum Kind: Sendable, Equatable {
        /// A command that runs: `option` is one of its options that takes a value;
        /// `takesArguments` when it accepts positional arguments (then the cases that pass it
        /// a stray word are left out, as they would run it).
        case command(option: String, takesArguments: Bool)
        /// A command that only groups subcommands: `subcommand` is one of them.
        case group(subcommand: String)
    }

    /// The built executable.
    public var executable: URL
    /// The words naming the command after the executable (`["mappings", "check"]`); empty for
    /// the tool itself.
    public var words: [String]
    /// The kind.
    public var kind: Kind

    /// A command that runs, with one of its value options.
    public init(executable: URL, words: [String] = [], option: String, takesArguments: Bool = false) {
        self.executable = executable
        self.words = words
        self.kind = .command(option: option, takesArguments: takesArguments)
    }

    /// A group, with one of its subcommands.
    public init(executable: URL, words: [String] = [], subcommand: String) {
        self.executable = executable
        self.words = words
        self.kind = .group(subcommand: subcommand)
    }

    /// The executable's name (`cms-indexer`).
    public var tool: String { executable.lastPathComponent }

    /// The command as its help and messages name it (`cms-indexer mappings check`).
    public var command: String { ([tool] + words).joined(separator: " ") }

    public var description: String { command }

    /// The values of the placeholders of the case file.
    public var placeholders: [String: String] {
        var values = ["{tool}": tool, "{command}": command]
        switch kind {
        case .command(let option, _):
            values["{option}"] = option
            values["{option-typo}"] = option + String(option.last ?? "x")
        case .group(let subcommand):
            values["{subcommand}"] = subcommand
            values["{subcommand-typo}"] = subcommand + String(subcommand.last ?? "x")
        }
        return values
    }

    /// Whether a case applies to this subject.
    func accepts(_ behaviourCase: CLIBehaviourCase) -> Bool {
        switch (kind, behaviourCase.applies) {
        case (.command, .command), (.command(_, takesArguments: false), .commandWithoutArguments): true
        case (.group, .group): true
        default: false
        }
    }
}
