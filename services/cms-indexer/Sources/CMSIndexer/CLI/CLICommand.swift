/// A runnable (sub)command: its spec (options and help) and what it does.
protocol CLICommand {
    /// The options it accepts and its help.
    static var spec: CommandSpec { get }
    /// Runs with parsed options; returns the exit code.
    static func run(_ options: ParsedOptions, context: CommandContext) async throws -> Int32
}
