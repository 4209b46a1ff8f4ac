/// A (sub)command: one type with its configuration, an initializer that reads the typed
/// arguments, one `validate()` step for checks across them, and `run`.
///
/// ```swift
/// struct Greet: Command {
///     static let name = Option<String>("--name", value: "name", help: "Who to greet.")
///     static let configuration = CommandConfiguration(
///         name: "greet", abstract: "Prints a greeting.", arguments: [name])
///     var who: String
///     init(parsing arguments: ParsedArguments) throws { who = try arguments.required(Self.name) }
///     func run(in context: StandardStreams) async throws -> ExitCode {
///         context.output.write("hello, \(who)\n")
///         return .success
///     }
/// }
/// ```
public protocol Command<Context>: Sendable {
    /// What the command runs with: its streams and whatever else it may touch.
    associatedtype Context: CommandStreams
    /// Name, abstract and arguments.
    static var configuration: CommandConfiguration { get }
    /// Reads the parsed arguments (throws ``UsageError`` for values that do not convert).
    init(parsing arguments: ParsedArguments) throws
    /// Checks the input before anything runs.
    func validate() throws
    /// Runs the command.
    func run(in context: Context) async throws -> ExitCode
}

extension Command {
    /// No checks by default.
    public func validate() throws {}
}

/// The streams a command writes to: results on `output`, diagnostics on `errors`.
public protocol CommandStreams: Sendable {
    /// Results (stdout).
    var output: TextOutput { get }
    /// Diagnostics (stderr).
    var errors: TextOutput { get }
}

/// Just the two standard streams: the context of tools that need nothing else (benchmarks).
public struct StandardStreams: CommandStreams {
    public var output: TextOutput
    public var errors: TextOutput

    /// Streams of your choice (in-memory ones in tests).
    public init(output: TextOutput, errors: TextOutput) {
        self.output = output
        self.errors = errors
    }

    /// This process's standard output and standard error.
    public static func process() -> StandardStreams {
        StandardStreams(output: .standardOutput, errors: .standardError)
    }
}
