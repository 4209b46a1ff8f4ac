import Foundation

/// One case of `Conformance/cli-behaviour.json`: words to pass, and what must hold of the exit
/// status and of each stream.
public struct CLIBehaviourCase: Sendable, Decodable, CustomStringConvertible {
    /// The subjects a case applies to.
    public enum Applies: String, Sendable, Decodable {
        /// Every command that runs.
        case command
        /// Commands that take no positional argument.
        case commandWithoutArguments = "command-without-arguments"
        /// Commands that only group subcommands.
        case group
    }

    /// What must hold of one stream; each check is literal text, after placeholders.
    public struct StreamExpectation: Sendable, Decodable, Equatable {
        /// The stream must be empty.
        public var empty: Bool?
        /// The stream must begin with this.
        public var prefix: String?
        /// The stream must contain each of these.
        public var contains: [String]?
        /// The stream must contain none of these.
        public var excludes: [String]?
    }

    /// A short unique name.
    public var name: String
    /// What it shows, in a sentence.
    public var about: String
    /// The subjects it applies to.
    public var applies: Applies
    /// The words after the subject's command words, with placeholders.
    public var argv: [String]
    /// The exit status.
    public var exit: Int32
    /// What must hold of standard output.
    public var stdout: StreamExpectation?
    /// What must hold of standard error.
    public var stderr: StreamExpectation?

    public var description: String { name }
}

/// The file of cases, as decoded.
struct CLIBehaviourFile: Decodable {
    var schema: String
    var cases: [CLIBehaviourCase]
}
