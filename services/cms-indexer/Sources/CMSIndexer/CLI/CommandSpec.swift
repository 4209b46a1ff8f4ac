/// What a (sub)command accepts and how its help reads.
public struct CommandSpec: Sendable {
    /// One option or flag.
    public struct Option: Sendable {
        /// The spelling, with dashes (`--db`).
        public var name: String
        /// The value's placeholder (`PATH`); `nil` for a flag.
        public var valueName: String?
        /// One line of help.
        public var help: String

        /// An option taking a value.
        public static func value(_ name: String, _ valueName: String, _ help: String) -> Option {
            Option(name: name, valueName: valueName, help: help)
        }

        /// A flag.
        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, help: help)
        }
    }

    /// The full command name (`cms-indexer mappings check`).
    public var name: String
    /// One sentence saying what it does.
    public var abstract: String
    /// The usage line after the command name.
    public var usage: String
    /// The options.
    public var options: [Option]
    /// Subcommands, with their abstracts.
    public var subcommands: [(name: String, abstract: String)] = []
    /// Extra paragraphs at the end of the help.
    public var discussion: String?

    /// The `--help` text.
    public var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(name) \(usage)"]
        if !subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            lines += subcommands.map { Self.row($0.name, $0.abstract) }
        }
        lines += ["", "OPTIONS:"]
        lines += options.map { option in
            Self.row(option.valueName.map { "\(option.name) \($0)" } ?? option.name, option.help)
        }
        lines.append(Self.row("-h, --help", "Show help information."))
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 24 ? left.padding(toLength: 24, withPad: " ", startingAt: 0) : left + "  "
        return "  \(padded)\(right)"
    }
}
