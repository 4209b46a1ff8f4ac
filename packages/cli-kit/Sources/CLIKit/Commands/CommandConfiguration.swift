/// What a command is called, what it does, and what it accepts.
public struct CommandConfiguration: Sendable {
    /// The word that selects the command (`index`); for a tool's only command, the tool's name.
    public var name: String
    /// One sentence.
    public var abstract: String
    /// More help: details, exit codes, examples.
    public var discussion: String
    /// What the command accepts, in help order (`-h`/`--help` is implied).
    public var arguments: [ArgumentDeclaration]

    /// Creates a configuration from typed declarations.
    public init(
        name: String, abstract: String, discussion: String = "", arguments: [any ArgumentDeclaring] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.declaration)
    }
}
