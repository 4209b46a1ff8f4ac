import CLIKit
import Testing

/// A tool run in-process: dispatch, generated help, errors and exit codes.
@Suite struct CommandLineToolTests {
    struct Failing: Error, ExitCodeProviding {
        var exitCode: ExitCode { ExitCode(rawValue: 2) }
    }

    struct Add: Command {
        static let configuration = CommandConfiguration(
            name: "add", abstract: "Adds two numbers.", discussion: "Exit codes: 0, 2 on overflow.")
        @Option(value: "n", in: 0...100, help: "The left term.") var left: Int
        @Option(value: "n", in: 0...100, help: "The right term.") var right = 0
        var sum = 0

        mutating func validate() throws {
            sum = left + right
            if sum > 150 { throw Failing() }
        }

        func run(in context: StandardStreams) async throws -> ExitCode {
            context.output.line(String(sum))
            return .success
        }
    }

    struct Status: Command {
        static let configuration = CommandConfiguration(name: "status", abstract: "Says ok.")
        func run(in context: StandardStreams) async throws -> ExitCode {
            context.output.line("ok")
            return .success
        }
    }

    static let tool = CommandLineTool(
        CommandGroup<StandardStreams>(
            name: "calc", abstract: "Small sums.",
            subcommands: [
                .command(Add.self),
                .group(
                    CommandGroup(
                        name: "server", abstract: "The server.", subcommands: [.command(Status.self)])),
            ]))

    func run(
        _ words: [String], tool: CommandLineTool<StandardStreams> = Self.tool
    ) async -> (Int32, String, String) {
        let streams = StandardStreams(output: TextOutput(), errors: TextOutput())
        let status = await tool.run(words, context: streams)
        return (status, streams.output.text, streams.errors.text)
    }

    @Test func runsTheNamedSubcommand() async {
        #expect(await run(["add", "--left", "2", "--right=3"]) == (0, "5\n", ""))
        #expect(await run(["server", "status"]) == (0, "ok\n", ""))
    }

    @Test func helpIsGeneratedInOneStyle() async {
        let (status, help, _) = await run(["add", "--help"])
        #expect(status == 0)
        #expect(
            help == """
                OVERVIEW: Adds two numbers.

                USAGE: calc add [options]

                OPTIONS:
                  --left <n>                  The left term.
                  --right <n>                 The right term (default: 0).
                  -h, --help                  Show help information.

                Exit codes: 0, 2 on overflow.

                """)
        let (_, root, _) = await run(["--help"])
        #expect(
            root.hasPrefix("OVERVIEW: Small sums.\n\nUSAGE: calc <subcommand> [options]\n\nSUBCOMMANDS:\n"))
        #expect(root.contains("\n  server                      The server.\n"))
        #expect(
            await run(["help", "server", "status"]).1.hasPrefix(
                "OVERVIEW: Says ok.\n\nUSAGE: calc server status"))
        #expect(await run(["server", "-h"]).1.contains("\n  status  "))
    }

    @Test func errorsCarryTheirExitCode() async {
        #expect(
            await run(["add"])
                == (64, "", "calc: error: 'calc add' needs '--left'; see 'calc add --help'\n"))
        #expect(await run(["add", "--left", "100", "--right", "100"]) == (2, "", "calc: error: Failing()\n"))
        #expect(
            await run(["ad"])
                == (
                    64, "",
                    "calc: error: unknown subcommand 'ad' for 'calc'; did you mean 'add'?; see 'calc --help'\n"
                ))
        #expect(
            await run(["server"])
                == (64, "", "calc: error: 'calc server' needs a subcommand; see 'calc server --help'\n"))
        #expect(
            await run(["--hepl"]).2.contains("unknown option '--hepl' for 'calc'; did you mean '--help'?"))
    }

    @Test func aDefaultSubcommandTakesTheToolsOptions() async {
        let tool = CommandLineTool(
            CommandGroup<StandardStreams>(
                name: "calc", abstract: "Small sums.",
                subcommands: [.command(Add.self), .command(Status.self)],
                defaultSubcommand: "add"))
        #expect(await run(["--left", "1"], tool: tool) == (0, "1\n", ""))
        #expect(await run(["status"], tool: tool) == (0, "ok\n", ""))
        let (_, help, _) = await run(["--help"], tool: tool)
        #expect(help.contains("USAGE: calc [<subcommand>] [options]"))
        #expect(help.contains("  add (default)  "))
        #expect(help.contains("\nUSAGE: calc [add] [options]"))
        #expect(
            await run(["--lft", "1"], tool: tool).2.contains("did you mean '--left'?; see 'calc --help'"))
        // A word that names no subcommand is not the default one's (which takes no positional),
        // even before '--help'.
        for words in [["zzz", "--help"], ["zzz"]] {
            #expect(
                await run(words, tool: tool)
                    == (
                        64, "",
                        "calc: error: unknown subcommand 'zzz' for 'calc' (its subcommands: add, status); see 'calc --help'\n"
                    ))
        }
    }

    @Test func aSingleCommandToolIsNamedByItsCommand() async {
        let tool = CommandLineTool<StandardStreams>(command: Status.self)
        #expect(await run([], tool: tool) == (0, "ok\n", ""))
        #expect(
            await run(["x"], tool: tool).2 == "status: error: unexpected argument 'x'; see 'status --help'\n")
    }
}
