import CLIKit
import Foundation

/// `cli-kit-fixture`: a small tool built with CLIKit (a group, a command with options and a flag,
/// a command with an argument) that the behaviour cases run against.
@main
struct FixtureTool {
    static let tool = CommandLineTool(
        CommandGroup<StandardStreams>(
            name: "cli-kit-fixture", abstract: "Greets and echoes: a fixture of CLIKit's behaviour tests.",
            subcommands: [.command(Greet.self), .command(Echo.self)]))

    static func main() async {
        exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
    }
}

/// `cli-kit-fixture greet --name NAME [--times N] [--shout]`.
struct Greet: Command {
    static let name = Option<String>("--name", value: "name", help: "Who to greet.")
    static let times = Option<Int>("--times", value: "n", in: 1...10, help: "How many times (default 1).")
    static let shout = Flag("--shout", help: "In capitals.")
    static let configuration = CommandConfiguration(
        name: "greet", abstract: "Prints a greeting.", arguments: [name, times, shout])

    var who: String
    var times: Int
    var shout: Bool

    init(parsing arguments: ParsedArguments) throws {
        who = try arguments.required(Self.name)
        times = try arguments.value(Self.times, default: 1)
        shout = arguments.contains(Self.shout)
    }

    func run(in context: StandardStreams) async throws -> ExitCode {
        let line = "hello, \(who)"
        for _ in 0..<times { context.output.line(shout ? line.uppercased() : line) }
        return .success
    }
}

/// `cli-kit-fixture echo TEXT [--prefix P]`.
struct Echo: Command {
    static let text = Positional<String>("text", help: "What to print.")
    static let prefix = Option<String>("--prefix", value: "text", help: "Printed before it.")
    static let configuration = CommandConfiguration(
        name: "echo", abstract: "Prints its argument.", arguments: [text, prefix])

    var text: String
    var prefix: String

    init(parsing arguments: ParsedArguments) throws {
        text = try arguments.required(Self.text)
        prefix = try arguments.value(Self.prefix, default: "")
    }

    func run(in context: StandardStreams) async throws -> ExitCode {
        context.output.line(prefix + text)
        return .success
    }
}
