import TestSelectSupport

/// The `testselect` command line: dispatches to a subcommand (default `select`), prints help, and
/// turns errors into `testselect: error: message` on stderr with exit code 64 (bad usage or input)
/// or 1 (other failures).
public enum TestSelectCLI {
    /// The subcommands, in help order. The first is the default.
    public static let commands: [any TestSelectCommand.Type] = [
        SelectCommand.self, RunCommand.self, GraphCommand.self, ExplainCommand.self, FlakesCommand.self,
        ImpactCommand.self,
    ]

    /// The root help.
    public static var rootHelp: String {
        var lines = [
            "OVERVIEW: testselect picks the test suites a change must run in a repository of SwiftPM packages.",
            "",
            "USAGE: testselect [<subcommand>] [options]",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let name = command.configuration.name + (command == commands.first ? " (default)" : "")
            lines.append(HelpFormatter.row(name, command.configuration.abstract))
        }
        lines.append("")
        lines.append(
            "  See 'testselect help <subcommand>' or 'testselect <subcommand> --help' for its options.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the command line (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        var words = arguments
        if words.first == "help" {
            words.removeFirst()
            guard let name = words.first else {
                context.output.write(rootHelp)
                return 0
            }
            guard let command = commands.first(where: { $0.configuration.name == name }) else {
                return fail(UsageError.unexpectedArgument(name, command: "testselect help"), context: context)
            }
            context.output.write(HelpFormatter.help(for: command, commandName: "testselect \(name)"))
            return 0
        }
        var type: any TestSelectCommand.Type = commands[0]
        var commandName = "testselect"
        if let first = words.first, let command = commands.first(where: { $0.configuration.name == first }) {
            type = command
            commandName = "testselect \(first)"
            words.removeFirst()
        } else if let first = words.first, !first.hasPrefix("-"),
            !type.arguments.contains(where: { $0.isPositional })
        {
            // Not an argument of the default command: a subcommand that does not exist, even
            // when --help follows (the main help would hide the mistake).
            let names = commands.map { $0.configuration.name }
            return fail(
                UsageError.unknownSubcommand(
                    first, command: "testselect", suggestion: NearMatch.closest(to: first, among: names),
                    subcommands: names),
                context: context)
        }
        if ArgumentParser.asksForHelp(words) {
            context.output.write(
                commandName == "testselect"
                    ? rootHelp + "\n"
                        + HelpFormatter.help(for: type, commandName: "testselect [select]")
                    : HelpFormatter.help(for: type, commandName: commandName))
            return 0
        }
        do {
            return try type.parse(words, commandName: commandName).run(in: context)
        } catch {
            return fail(error, context: context)
        }
    }

    /// Prints an error and returns its exit code.
    static func fail(_ error: any Error, context: CommandContext) -> Int32 {
        context.errors.write("testselect: error: \(error)\n")
        if let bad = error as? any BadInputError, bad.isBadInput { return 64 }
        return 1
    }
}
