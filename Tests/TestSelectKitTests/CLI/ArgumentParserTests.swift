import TestSelectKit
import Testing

@Suite struct ArgumentParserTests {
    struct Demo: TestSelectCommand {
        enum Format: String, CaseIterable, ExpressibleByArgument { case text, json }
        static let configuration = CommandConfiguration(name: "demo", abstract: "A demo.")
        @Positional(help: "A suite.") var suite: String?
        @Option(value: "format", help: "Format.") var format = Format.text
        @Flag("--verbose", "-v", help: "More.") var isVerbose: Bool
        @Option(value: "n", in: 0..., help: "How many.") var count: Int?
        @Option(value: "n", in: 1...9, help: "Retries.") var retries = 2
        init() {}
        func run(in context: CommandContext) throws -> Int32 { 0 }
    }

    @Test func parsesOptionsFlagsAndPositionals() throws {
        let parsed = try Demo.parse(["x:Y", "--format=json", "-v"], commandName: "demo")
        #expect(parsed.suite == "x:Y")
        #expect(parsed.format == .json)
        #expect(parsed.isVerbose)
        #expect(parsed.count == nil && parsed.retries == 2)
        let separated = try Demo.parse(
            ["--format", "text", "--count", "3", "--", "-odd"], commandName: "demo")
        #expect(separated.format == .text && separated.count == 3)
        #expect(separated.suite == "-odd")
        #expect(!separated.isVerbose)
    }

    @Test func usageErrors() {
        let cases: [([String], UsageError)] = [
            (["--fromat", "x"], .unknownOption("--fromat", command: "demo", suggestion: "--format")),
            (["--format"], .missingValue("--format")),
            (["a", "extra"], .unexpectedArgument("extra", command: "demo")),
            (["--format", "xml"], .invalidValue(option: "--format", value: "xml", expected: "text, json")),
            (
                ["--count", "-1"],
                .invalidValue(option: "--count", value: "-1", expected: "an integer from 0 or more")
            ),
            (
                ["--count", "1.5"],
                .invalidValue(option: "--count", value: "1.5", expected: "an integer from 0 or more")
            ),
            (
                ["--retries", "10"],
                .invalidValue(option: "--retries", value: "10", expected: "an integer from 1 to 9")
            ),
        ]
        for (words, error) in cases {
            #expect(throws: error, "\(words)") { try Demo.parse(words, commandName: "demo") }
        }
        #expect(ArgumentParser.asksForHelp(["x", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
    }

    @Test func helpListsEveryArgumentWithItsDefault() {
        let help = HelpFormatter.help(for: Demo.self, commandName: "tool demo")
        #expect(help.contains("USAGE: tool demo <suite> [options]"))
        #expect(help.contains("--format <format>           Format (default: text).\n"))
        #expect(help.contains("--count <n>                 How many.\n"))
        #expect(help.contains("--retries <n>               Retries (default: 2).\n"))
        #expect(help.contains("--verbose, -v"))
        #expect(help.contains("-h, --help"))
    }

    @Test func everyCommandDeclaresEachSpellingOnce() {
        // Discovery stops the process on a spelling declared twice; listing each command's
        // arguments is the check.
        for command in TestSelectCLI.commands {
            let names = command.arguments.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(command.configuration.name)")
            #expect(!names.isEmpty || command.arguments.allSatisfy(\.isPositional))
        }
        #expect(RunCommand.arguments.first { $0.name == "--retries" }?.defaultValue == "0")
        #expect(ImpactCommand.arguments.first { $0.name == "--timeout" }?.defaultValue == "600")
    }
}
