/// Renders `--help` in the one style of the repository's tools:
/// `OVERVIEW:`, `USAGE:`, then `ARGUMENTS:`, `SUBCOMMANDS:` and `OPTIONS:` as they apply, then
/// the discussion.
public enum HelpFormatter {
    /// Help for a command.
    public static func help<Context>(for command: any Command<Context>.Type, commandName: String) -> String {
        help(for: command.configuration, arguments: command.arguments, commandName: commandName)
    }

    /// Help for a command with these arguments.
    public static func help(
        for configuration: CommandConfiguration, arguments: [ArgumentDeclaration], commandName: String
    ) -> String {
        var lines = ["OVERVIEW: \(configuration.abstract)", ""]
        let positionals = arguments.filter(\.isPositional)
        let usageWords =
            positionals.map { argument in
                if case .positional(_, isOptional: true) = argument.kind { return "[<\(argument.name)>]" }
                return "<\(argument.name)>"
            } + ["[options]"]
        lines.append("USAGE: \(commandName) \(usageWords.joined(separator: " "))")
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += positionals.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for argument in arguments {
            switch argument.kind {
            case .flag: lines.append(row(argument.names.joined(separator: ", "), argument.help))
            case .option(let value):
                lines.append(row("\(argument.name) <\(value)>", argument.helpWithDefault))
            case .positional: continue
            }
        }
        lines.append(row("-h, --help", "Show help information."))
        if !configuration.discussion.isEmpty { lines += ["", configuration.discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Help for a group: its subcommands, and the default one's help after it when it has one.
    public static func help<Context>(for group: CommandGroup<Context>, commandName: String) -> String {
        let hasDefault = group.defaultSubcommand != nil
        var lines = [
            "OVERVIEW: \(group.abstract)", "",
            "USAGE: \(commandName) \(hasDefault ? "[<subcommand>]" : "<subcommand>") [options]", "",
            "SUBCOMMANDS:",
        ]
        for subcommand in group.subcommands {
            let name = subcommand.name + (subcommand.name == group.defaultSubcommand ? " (default)" : "")
            lines.append(row(name, subcommand.abstract))
        }
        lines += ["", "OPTIONS:", row("-h, --help", "Show help information.")]
        lines += ["", "  See '\(commandName) help <subcommand>' or '\(commandName) <subcommand> --help'."]
        if !group.discussion.isEmpty { lines += ["", group.discussion] }
        var text = lines.joined(separator: "\n") + "\n"
        if let name = group.defaultSubcommand, case .command(let type)? = group.subcommand(named: name) {
            text += "\n" + help(for: type, commandName: "\(commandName) [\(name)]")
        }
        return text
    }

    /// One help row: two spaces, the left column padded to 28, the help.
    public static func row(_ left: String, _ help: String) -> String {
        let padded = left.count < 28 ? left + String(repeating: " ", count: 28 - left.count) : left + "  "
        return "  " + padded + help
    }
}
