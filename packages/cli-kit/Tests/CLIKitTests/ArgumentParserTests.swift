import CLIKit
import Testing

/// The parsing rules every tool shares.
@Suite struct ArgumentParserTests {
    static let port = Option<Int>("--port", value: "port", in: 0...65_535, help: "The port.")
    static let host = Option<String>("--host", value: "address", help: "The address.")
    static let verbose = Flag("--verbose", "-v", help: "More output.")
    static let suite = Positional<String>("suite", isOptional: true, help: "A suite.")
    static let declarations = [port.declaration, host.declaration, verbose.declaration, suite.declaration]

    func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(words, declarations: Self.declarations, command: "tool run")
    }

    @Test func readsValuesFlagsAndPositionalsInEitherSpelling() throws {
        let parsed = try parse(["--port", "80", "--host=--odd", "-v", "A"])
        #expect(try parsed.value(Self.port) == 80)
        #expect(try parsed.value(Self.host) == "--odd")
        #expect(parsed.contains(Self.verbose))
        #expect(try parsed.value(Self.suite) == "A")
        let empty = try parse([])
        #expect(try empty.value(Self.port, default: 8080) == 8080)
        #expect(!empty.contains(Self.verbose))
        #expect(try empty.value(Self.suite) == nil)
    }

    @Test func doubleDashEndsOptionsAndLoneDashIsAValue() throws {
        #expect(try parse(["--", "--port"]).value(Self.suite) == "--port")
        #expect(try parse(["--host", "-"]).value(Self.host) == "-")
        #expect(try parse(["--host", "-5"]).value(Self.host) == "-5")
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        #expect(try parse(["--port", "1", "--port", "2"]).value(Self.port) == 2)
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
        ]
        for (words, expected) in cases {
            #expect(throws: expected, "\(words)") { try parse(words) }
        }
    }

    @Test func valuesAreCheckedWhenRead() throws {
        let parsed = try parse(["--port", "99999"])
        #expect(
            throws: UsageError.invalidValue(
                option: "--port", value: "99999", expected: "an integer from 0 to 65535")
        ) { try parsed.value(Self.port) }
        #expect(throws: UsageError.missingOption("--host", command: "tool run")) {
            try parsed.required(Self.host)
        }
    }

    @Test func aRequiredPositionalMustBeGiven() {
        let required = Positional<String>("suite", help: "A suite.").declaration
        #expect(throws: UsageError.missingArgument("<suite>", command: "tool explain")) {
            try ArgumentParser.parse([], declarations: [required], command: "tool explain")
        }
    }

    @Test func helpIsAskedForAnywhereBeforeDoubleDash() {
        #expect(ArgumentParser.asksForHelp(["--port", "--help"]))
        #expect(ArgumentParser.asksForHelp(["--zzz", "-h"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--helpful"]))
    }

    @Test func choicesComeFromTheRawValues() throws {
        enum Format: String, CaseIterable, Sendable { case text, github }
        let format = Option<Format>("--format", value: "format", help: "The format.")
        #expect(format.expected == "'text' or 'github'")
        let parsed = try ArgumentParser.parse(
            ["--format", "json"], declarations: [format.declaration], command: "tool")
        #expect(throws: UsageError.invalidValue(option: "--format", value: "json", expected: format.expected))
        {
            try parsed.value(format)
        }
    }
}
