/// A (sub)command of `testselect`: one type per command, with its configuration, an initializer
/// from parsed arguments, one `validate()` step for input checks, and `run`.
public protocol TestSelectCommand: Sendable {
    /// Name, abstract and arguments.
    static var configuration: CommandConfiguration { get }
    /// Reads the parsed arguments.
    init(arguments: ParsedArguments) throws
    /// Checks the input before anything runs (throws `UsageError`).
    func validate() throws
    /// Runs the command and returns the exit code.
    func run(in context: CommandContext) throws -> Int32
}

extension TestSelectCommand {
    /// No checks by default.
    public func validate() throws {}
}
