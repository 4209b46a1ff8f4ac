import TestSelectKit
import Testing

@Suite struct ArgumentParserTests {
    static let configuration = CommandConfiguration(
        name: "demo", abstract: "A demo.",
        arguments: [
            .positional("suite", help: "A suite."), .option("--format", value: "format", help: "Format."),
            .flag("--verbose", "-v", help: "More."),
        ])

    @Test func parsesOptionsFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["x:Y", "--format=json", "-v"], for: Self.configuration, commandName: "demo")
        #expect(parsed.positional("suite") == "x:Y")
        #expect(parsed.option("--format") == "json")
        #expect(parsed.flag("--verbose"))
        let separated = try ArgumentParser.parse(
            ["--format", "dot", "--", "-odd"], for: Self.configuration, commandName: "demo")
        #expect(separated.option("--format") == "dot")
        #expect(separated.positional("suite") == "-odd")
    }

    @Test func usageErrors() {
        #expect(throws: UsageError.unknownOption("--fromat", command: "demo", suggestion: "--format")) {
            try ArgumentParser.parse(["--fromat", "x"], for: Self.configuration, commandName: "demo")
        }
        #expect(throws: UsageError.missingValue("--format")) {
            try ArgumentParser.parse(["--format"], for: Self.configuration, commandName: "demo")
        }
        #expect(throws: UsageError.unexpectedArgument("extra", command: "demo")) {
            try ArgumentParser.parse(["a", "extra"], for: Self.configuration, commandName: "demo")
        }
        #expect(ArgumentParser.asksForHelp(["x", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
    }

    @Test func helpListsEveryArgument() {
        let help = HelpFormatter.help(for: Self.configuration, commandName: "tool demo")
        #expect(help.contains("USAGE: tool demo <suite> [options]"))
        #expect(help.contains("--format <format>"))
        #expect(help.contains("--verbose, -v"))
        #expect(help.contains("-h, --help"))
    }
}
