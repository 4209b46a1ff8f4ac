import Foundation
import TestSelectKit
import TestSelectTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Target and package names a pull request could write to attack the CI that runs it: every output
/// format carries them intact (JSON, the matrix), quoted (the `commands` lines, run here by a real
/// shell), escaped (the `--filter` regular expression, JUnit XML, text), and each is warned about.
@Suite struct HostileNamesTests {
    static let names = [
        "quote'single\"double", "back`id`tick", "dollar$(touch pwned)paren", "semi;touch pwned",
        "new\nline", "regex.*+?[](){}|^$\\", "tab\there", "escape\u{1B}[2Jterm", "rtl\u{202E}desrever",
        String(repeating: "x", count: 10_000),
    ]
    static let plain = ["Ünïcödé-テスト_Tests", "Format Source Code"]

    /// A Swift string literal of a name.
    static func literal(_ name: String) -> String {
        var result = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x202A...0x202E).contains(scalar.value):
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static var allNames: [String] { names + plain }

    /// One package `hostile` (its name hostile too) with a test target per name, each under
    /// `Tests/T<index>`, and one changed file in each.
    func writeHostilePackage(in repo: TemporaryRepository) throws {
        let targets = HostileNamesTests.allNames.enumerated().map { index, name in
            "        .testTarget(name: \(HostileNamesTests.literal(name)), path: \"Tests/T\(index)\"),"
        }
        var files = [
            "hostile/Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "hostile$(touch pwned)",
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )
            """
        ]
        for index in HostileNamesTests.allNames.indices {
            files["hostile/Tests/T\(index)/Test.swift"] = "import Testing\n"
        }
        try repo.write(files)
        try repo.commitAll("hostile")
        for index in HostileNamesTests.allNames.indices {
            try repo.touch("hostile/Tests/T\(index)/Test.swift")
        }
    }

    func run(_ arguments: [String], in repo: TemporaryRepository) -> (Int32, String, String) {
        let context = CommandContext(
            output: OutputStream(), errors: OutputStream(), currentDirectory: repo.root, environment: [:],
            readStandardInput: { "" }, now: { Date(timeIntervalSince1970: 1_800_000_000) },
            clock: ManualClock().clock)
        let status = TestSelectCLI.run(arguments + ["--no-dump-package"], context: context)
        return (status, context.output.text, context.errors.text)
    }

    @Test func jsonAndTheMatrixCarryEveryNameIntactAndEachIsWarnedAbout() throws {
        try withTemporaryRepository { repo in
            try writeHostilePackage(in: repo)
            let (status, json, errors) = run(["select", "--base", "main", "--format", "json"], in: repo)
            #expect(status == 0, "\(errors)")
            let parsed = try JSONValue.parse(json)
            let targets = (parsed["selected"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
            #expect(Set(targets) == Set(HostileNamesTests.allNames))
            let warnings = (parsed["warnings"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            #expect(warnings.filter { $0.hasPrefix("target name ") }.count == HostileNamesTests.names.count)
            #expect(warnings.contains { $0.hasPrefix("package name 'hostile$(touch pwned)'") })
            #expect(
                warnings.contains {
                    $0.contains("(10000 characters) in 'hostile' is longer than 255 characters")
                })
            #expect(!warnings.contains { $0.contains("Ünïcödé") })
            // The warnings on standard error are one line each.
            let lines = errors.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.allSatisfy { $0.hasPrefix("testselect: warning: ") })
            #expect(lines.count == HostileNamesTests.names.count + 1)
            #expect(errors.contains("'new\\nline'"))
            #expect(errors.contains("'escape\\u{1b}[2Jterm'"))
            #expect(!errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })

            let (_, matrix, _) = run(["select", "--base", "main", "--format", "github-matrix"], in: repo)
            let include = try #require(try JSONValue.parse(matrix)["include"]?.arrayValue)
            #expect(include.count == 1)
            #expect(
                Set(include[0]["targets"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                    == Set(HostileNamesTests.allNames))
        }
    }

    @Test func theFilterMatchesEachModuleOnlyAndTheCommandsAreOneShellWordEach() throws {
        try withTemporaryRepository { repo in
            try writeHostilePackage(in: repo)
            let (status, commands, _) = run(["select", "--base", "main", "--format", "commands"], in: repo)
            #expect(status == 0)
            #expect(commands.split(separator: "\n").count == 1)
            // A real shell runs the line with `swift` a function that prints its arguments.
            try withTemporaryDirectory { directory in
                let script = "swift() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + commands
                let output = try SystemProcessRunner().run(
                    "/bin/sh", ["-c", script], in: directory, input: nil, environment: [:])
                #expect(output.status == 0, "\(output.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory + "/pwned"))
                let words = output.stdoutText.split(separator: "\0", omittingEmptySubsequences: false).map(
                    String.init)
                #expect(words.prefix(4) == ["test", "--package-path", "hostile", "--filter"])
                let filter = try #require(words.dropFirst(4).first)
                #expect(filter == CIFormatters.filter(for: HostileNamesTests.allNames.sorted()))
                let expression = try NSRegularExpression(pattern: filter)
                func matches(_ test: String) -> Bool {
                    expression.firstMatch(in: test, range: NSRange(test.startIndex..., in: test)) != nil
                }
                for name in HostileNamesTests.allNames {
                    #expect(matches(ModuleName.of(name) + ".Suite/test()"), "\(name.prefix(40))")
                }
                #expect(!matches("OtherTests.Suite/test()"))
                #expect(!matches("Format_Source_Code_extra.Suite/test()"))
                #expect(!matches("regex_________________.Suite/test()"))
            }
        }
    }

    @Test func textOutputAndJUnitShowEveryNameOnItsOwnLine() throws {
        try withTemporaryRepository { repo in
            try writeHostilePackage(in: repo)
            let (_, text, _) = run(["select", "--base", "main"], in: repo)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
            #expect(text.contains("    new\\nline\n"))
            #expect(text.contains("    rtl\\u{202e}desrever\n"))
            #expect(text.contains("    back`id`tick\n"))
        }
        try withTemporaryDirectory { directory in
            let job = PackageJob(directory: "hostile", suites: HostileNamesTests.allNames)
            let tests = HostileNamesTests.allNames.map {
                TestCaseResult(
                    module: ModuleName.of($0), suite: $0, name: $0 + "()", status: .failed, seconds: 0.1,
                    message: "failed: \($0) <&>")
            }
            try JUnitWriter.write(
                [PackageRunResult(job: job, outcome: .testsFailed, tests: tests, logPath: "/dev/null")],
                to: directory)
            let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: directory + "/hostile.xml")))
            #expect(parser.parse(), "\(String(describing: parser.parserError))")
        }
    }
}
