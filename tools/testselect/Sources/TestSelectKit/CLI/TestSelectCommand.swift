/// A (sub)command of `testselect`: one type per command, with its configuration, its arguments
/// declared once each as properties (``Option``, ``Flag``, ``Positional``), one `validate()` step
/// for checks across them, and `run`.
public protocol TestSelectCommand: Sendable {
    /// Name, abstract and discussion.
    static var configuration: CommandConfiguration { get }
    /// The command with every argument at its default (required ones unset until parsed).
    init()
    /// Checks the input before anything runs (throws `UsageError`).
    mutating func validate() throws
    /// Runs the command and returns the exit code.
    func run(in context: CommandContext) throws -> Int32
}

extension TestSelectCommand {
    /// No checks by default.
    public mutating func validate() throws {}

    /// What the command accepts, in declaration order.
    public static var arguments: [ArgumentDeclaration] {
        ArgumentDiscovery.arguments(of: Self()).map(\.declaration)
    }

    /// The command as `words` (what follows its name) give it, validated.
    ///
    /// - Throws: `UsageError` for words the declarations refuse, or what `validate()` throws.
    public static func parse(_ words: [String], commandName: String? = nil) throws -> Self {
        var command = Self()
        let found = ArgumentDiscovery.arguments(of: command)
        let parsed = try ArgumentParser.parse(
            words, declarations: found.map(\.declaration),
            commandName: commandName ?? "testselect \(configuration.name)")
        for argument in found {
            try argument.argument.assign(from: parsed, as: argument.declaration)
        }
        try command.validate()
        return command
    }
}
