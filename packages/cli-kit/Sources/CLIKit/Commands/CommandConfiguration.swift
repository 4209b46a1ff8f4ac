/// What a command is called and what it does; what it accepts is declared by its properties
/// (``Option``, ``Flag``, ``Positional``, ``ArgumentGroup``).
public struct CommandConfiguration: Sendable {
    /// The word that selects the command (`index`); for a tool's only command, the tool's name.
    public var name: String
    /// One sentence.
    public var abstract: String
    /// More help: details, exit codes, examples.
    public var discussion: String

    /// Creates a configuration.
    public init(name: String, abstract: String, discussion: String = "") {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
    }
}
