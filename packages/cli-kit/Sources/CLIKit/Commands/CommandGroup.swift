/// A command that only groups subcommands (`cms-indexer mappings`), optionally with a default
/// one that runs when no subcommand is named.
public struct CommandGroup<Context: CommandStreams>: Sendable {
    /// The word that selects the group; for a tool's root, the tool's name.
    public var name: String
    /// One sentence.
    public var abstract: String
    /// More help.
    public var discussion: String
    /// The subcommands, in help order.
    public var subcommands: [Subcommand<Context>]
    /// The subcommand that runs when the first word names none (its options then follow the
    /// tool's name directly).
    public var defaultSubcommand: String?

    /// Creates a group.
    public init(
        name: String, abstract: String, discussion: String = "", subcommands: [Subcommand<Context>],
        defaultSubcommand: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    func subcommand(named name: String) -> Subcommand<Context>? {
        subcommands.first { $0.name == name }
    }
}

/// One entry of a group: a command, or a nested group.
public enum Subcommand<Context: CommandStreams>: Sendable {
    /// A command.
    case command(any Command<Context>.Type)
    /// A group of further subcommands.
    case group(CommandGroup<Context>)

    /// The word that selects it.
    public var name: String {
        switch self {
        case .command(let type): type.configuration.name
        case .group(let group): group.name
        }
    }

    /// Its one-sentence abstract.
    public var abstract: String {
        switch self {
        case .command(let type): type.configuration.abstract
        case .group(let group): group.abstract
        }
    }
}
