/// Renders `--help` text from a command's configuration and declared arguments.
public enum HelpFormatter {
    /// Help for one command.
    public static func help(for command: any TestSelectCommand.Type, commandName: String) -> String {
        help(for: command.configuration, arguments: command.arguments, commandName: commandName)
    }

    /// Help for a command with these arguments.
    public static func help(
        for configuration: CommandConfiguration, arguments: [ArgumentDeclaration], commandName: String
    ) -> String {
        var lines = ["OVERVIEW: \(configuration.abstract)", ""]
        let positionals = arguments.filter(\.isPositional)
        let usageWords = positionals.map { "<\($0.name)>" } + ["[options]"]
        lines.append("USAGE: \(commandName) \(usageWords.joined(separator: " "))")
        if !positionals.isEmpty {
            lines.append("")
            lines.append("ARGUMENTS:")
            for argument in positionals { lines.append(row("<\(argument.name)>", argument.help)) }
        }
        lines.append("")
        lines.append("OPTIONS:")
        for argument in arguments {
            switch argument.kind {
            case .flag: lines.append(row(argument.names.joined(separator: ", "), argument.help))
            case .option(let value):
                lines.append(row("\(argument.name) <\(value)>", argument.helpWithDefault))
            case .positional: continue
            }
        }
        lines.append(row("-h, --help", "Show help information."))
        if !configuration.discussion.isEmpty {
            lines.append("")
            lines.append(configuration.discussion)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func row(_ left: String, _ help: String) -> String {
        let padded = left.count < 28 ? left + String(repeating: " ", count: 28 - left.count) : left + "  "
        return "  " + padded + help
    }
}
