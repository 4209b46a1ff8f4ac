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
    static let configuration = CommandConfiguration(name: "greet", abstract: "Prints a greeting.")

    @Option("--name", value: "name", help: "Who to greet.") var who: String
    @Option(value: "n", in: 1...10, help: "How many times.") var times = 1
    @Flag(help: "In capitals.") var shout: Bool

    func run(in context: StandardStreams) async throws -> ExitCode {
        let line = "hello, \(who)"
        for _ in 0..<times { context.output.line(shout ? line.uppercased() : line) }
        return .success
    }
}

/// `cli-kit-fixture echo TEXT [--prefix P]`.
struct Echo: Command {
    static let configuration = CommandConfiguration(name: "echo", abstract: "Prints its argument.")

    @Positional(help: "What to print.") var text: String
    @Option(value: "text", help: "Printed before it.") var prefix = ""

    func run(in context: StandardStreams) async throws -> ExitCode {
        context.output.line(prefix + text)
        return .success
    }
}
