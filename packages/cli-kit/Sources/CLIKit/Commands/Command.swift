/// A (sub)command: one type with its configuration, its arguments declared once each as
/// properties (``Option``, ``Flag``, ``Positional``: name, help, accepted values and default in
/// one place), one `validate()` step for checks across them, and `run`.
///
/// ```swift
/// struct Greet: Command {
///     static let configuration = CommandConfiguration(name: "greet", abstract: "Prints a greeting.")
///     @Option(help: "Who to greet.") var name: String
///     @Option(value: "n", in: 1...10, help: "How many times.") var times = 1
///     func run(in context: StandardStreams) async throws -> ExitCode {
///         for _ in 0..<times { context.output.write("hello, \(name)\n") }
///         return .success
///     }
/// }
/// ```
public protocol Command<Context>: Sendable {
    /// What the command runs with: its streams and whatever else it may touch.
    associatedtype Context: CommandStreams
    /// Name, abstract and discussion.
    static var configuration: CommandConfiguration { get }
    /// The command with every argument at its default (required ones unset until parsed).
    init()
    /// Checks the input before anything runs, and derives what the arguments imply.
    mutating func validate() throws
    /// Runs the command.
    func run(in context: Context) async throws -> ExitCode
}

extension Command {
    /// No checks by default.
    public mutating func validate() {}

    /// What the command accepts, in declaration order.
    public static var arguments: [ArgumentDeclaration] {
        ArgumentDiscovery.arguments(of: Self()).map(\.declaration)
    }

    /// The command as `words` (what follows its name) give it, validated.
    ///
    /// - Parameters:
    ///   - words: the arguments that follow the command's name.
    ///   - command: the full command name, for messages (default: the configuration's).
    /// - Throws: ``UsageError`` for words the declarations refuse, or what ``validate()`` throws.
    public static func parse(_ words: [String], command: String? = nil) throws -> Self {
        var parsed = Self()
        let found = ArgumentDiscovery.arguments(of: parsed)
        let arguments = try ArgumentParser.parse(
            words, declarations: found.map(\.declaration), command: command ?? configuration.name)
        for argument in found {
            try argument.argument.assign(from: arguments, as: argument.declaration)
        }
        try parsed.validate()
        return parsed
    }
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
