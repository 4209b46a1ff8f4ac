import CLIKit
import Testing

/// The parsing rules every tool shares, through a command's declared properties.
@Suite struct ArgumentParserTests {
    struct Run: Command {
        static let configuration = CommandConfiguration(name: "run", abstract: "Runs.")
        @Option(value: "port", in: 0...65_535, help: "The port.") var port = 8080
        @Option(value: "address", help: "The address.") var host: String?
        @Flag("--verbose", "-v", help: "More output.") var isVerbose: Bool
        @Positional(help: "A suite.") var suite: String?
        func run(in context: StandardStreams) async throws -> ExitCode { .success }
    }

    func parse(_ words: [String]) throws -> Run {
        try Run.parse(words, command: "tool run")
    }

    @Test func readsValuesFlagsAndPositionalsInEitherSpelling() throws {
        let parsed = try parse(["--port", "80", "--host=--odd", "-v", "A"])
        #expect(parsed.port == 80)
        #expect(parsed.host == "--odd")
        #expect(parsed.isVerbose)
        #expect(parsed.suite == "A")
        let empty = try parse([])
        #expect(empty.port == 8080)
        #expect(empty.host == nil)
        #expect(!empty.isVerbose)
        #expect(empty.suite == nil)
    }

    @Test func eachParseHasItsOwnValues() throws {
        let first = try parse(["--port", "1"])
        let second = try parse([])
        #expect(first.port == 1)
        #expect(second.port == 8080)
        let copy = second
        copy.port = 2
        #expect(second.port == 2, "a copy of a parsed command shares its values")
        #expect(first.port == 1)
    }

    @Test func doubleDashEndsOptionsAndLoneDashIsAValue() throws {
        #expect(try parse(["--", "--port"]).suite == "--port")
        #expect(try parse(["--host", "-"]).host == "-")
        #expect(try parse(["--host", "-5"]).host == "-5")
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        #expect(try parse(["--port", "1", "--port", "2"]).port == 2)
    }

    @Test func usageErrorsSayWhatIsWrong() {
        let cases: [([String], UsageError)] = [
            (["--prot", "1"], .unknownOption("--prot", command: "tool run", suggestion: "--port")),
            (["--zzzzzzzz"], .unknownOption("--zzzzzzzz", command: "tool run", suggestion: nil)),
            (["--port"], .missingValue("--port", next: nil)),
            (["--port", "--host", "x"], .missingValue("--port", next: "--host")),
            (["--port", "--"], .missingValue("--port", next: "--")),
            (["--verbose=yes"], .invalidValue(option: "--verbose", value: "yes", expected: "no value")),
            (["a", "b"], .unexpectedArgument("b", command: "tool run")),
            (
                ["--port", "99999"],
                .invalidValue(option: "--port", value: "99999", expected: "an integer from 0 to 65535")
            ),
            (
                ["--port", "x"],
                .invalidValue(option: "--port", value: "x", expected: "an integer from 0 to 65535")
            ),
        ]
        for (words, expected) in cases {
            #expect(throws: expected, "\(words)") { try parse(words) }
        }
    }

    struct Explain: Command {
        static let configuration = CommandConfiguration(name: "explain", abstract: "Explains.")
        @Positional(help: "A suite.") var suite: String
        @Option("--repo", value: "dir", help: "The repository.") var repository: String
        @Option(value: "n", in: 1..., help: "At least one.") var limit: Int?
        func run(in context: StandardStreams) async throws -> ExitCode { .success }
    }

    @Test func requiredArgumentsMustBeGiven() throws {
        #expect(throws: UsageError.missingArgument("<suite>", command: "tool explain")) {
            try Explain.parse([], command: "tool explain")
        }
        #expect(throws: UsageError.missingOption("--repo", command: "tool explain")) {
            try Explain.parse(["A"], command: "tool explain")
        }
        #expect(
            throws: UsageError.invalidValue(
                option: "--limit", value: "0", expected: "an integer from 1 or more")
        ) {
            try Explain.parse(["A", "--repo", ".", "--limit", "0"], command: "tool explain")
        }
        let parsed = try Explain.parse(["A", "--repo", ".", "--limit", "3"])
        #expect(parsed.suite == "A" && parsed.repository == "." && parsed.limit == 3)
    }

    @Test func namesComeFromThePropertiesUnlessGiven() {
        #expect(
            Run.arguments == [
                ArgumentDeclaration(
                    names: ["--port"], kind: .option(valueName: "port"), help: "The port.",
                    defaultValue: "8080"),
                ArgumentDeclaration(
                    names: ["--host"], kind: .option(valueName: "address"), help: "The address."),
                ArgumentDeclaration(names: ["--verbose", "-v"], kind: .flag, help: "More output."),
                ArgumentDeclaration(
                    names: [], kind: .positional(valueName: "suite", isOptional: true), help: "A suite."),
            ])
        #expect(Explain.arguments.map(\.name) == ["suite", "--repo", "--limit"])
    }

    struct Store: ArgumentGroup {
        @Option(help: "The cluster.") var es: String?
        @Option(value: "dir", help: "The engine's directory.") var dataDirectory = "data"
    }

    struct Index: Command {
        static let configuration = CommandConfiguration(name: "index", abstract: "Indexes.")
        @Option(value: "n", in: 1...100, help: "Per request.") var batchSize = 50
        var store = Store()
        @Flag(help: "At the end.") var stats: Bool
        func run(in context: StandardStreams) async throws -> ExitCode { .success }
    }

    @Test func aGroupsArgumentsStandWhereTheGroupStands() throws {
        #expect(Index.arguments.map(\.name) == ["--batch-size", "--es", "--data-directory", "--stats"])
        let parsed = try Index.parse(["--es", "http://x", "--stats"])
        #expect(parsed.store.es == "http://x")
        #expect(parsed.store.dataDirectory == "data")
        #expect(parsed.batchSize == 50 && parsed.stats)
    }

    @Test func helpIsAskedForAnywhereBeforeDoubleDash() {
        #expect(ArgumentParser.asksForHelp(["--port", "--help"]))
        #expect(ArgumentParser.asksForHelp(["--zzz", "-h"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--helpful"]))
    }

    enum Format: String, CaseIterable, Sendable, ExpressibleByArgument { case text, github }

    struct Report: Command {
        static let configuration = CommandConfiguration(name: "report", abstract: "Reports.")
        @Option(help: "The format.") var format = Format.text
        @Option(help: "A ratio.") var ratio = 0.5
        @Option(help: "The seed.") var seed: UInt64 = 1
        @Option(
            help: "Comma-separated names.", expected: "names",
            convert: { $0.split(separator: ",").map(String.init) })
        var names: [String]?
        func run(in context: StandardStreams) async throws -> ExitCode { .success }
    }

    @Test func valuesConvertByTheirType() throws {
        #expect(
            throws: UsageError.invalidValue(option: "--format", value: "json", expected: "'text' or 'github'")
        ) {
            try Report.parse(["--format", "json"])
        }
        #expect(throws: UsageError.invalidValue(option: "--ratio", value: "nan", expected: "a number")) {
            try Report.parse(["--ratio", "nan"])
        }
        let parsed = try Report.parse(["--format", "github", "--seed", "7", "--names", "a,b"])
        #expect(
            parsed.format == .github && parsed.seed == 7 && parsed.names == ["a", "b"] && parsed.ratio == 0.5)
        #expect(Report.arguments.map(\.defaultValue) == ["text", "0.5", "1", nil])
    }
}
