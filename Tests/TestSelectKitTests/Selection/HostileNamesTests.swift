import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Target and package names a pull request could write to attack the CI that runs it: every output
/// format carries them intact (JSON, the matrix), quoted (the `commands` lines, run here by a real
/// shell), escaped (the `--filter` regular expression, JUnit XML, text, Markdown, Mermaid), and each
/// is warned about. The GitLab and Buildkite pipelines are read by a real YAML parser and run by a
/// real shell in `PipelineFormatsEndToEndTests`.
@Suite struct HostileNamesTests {
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
            try HostileNames.writePackage(in: repo)
            let (status, json, errors) = run(["select", "--base", "main", "--format", "json"], in: repo)
            #expect(status == 0, "\(errors)")
            let parsed = try JSONValue.parse(json)
            let targets = (parsed["selected"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
            #expect(Set(targets) == Set(HostileNames.all))
            let warnings = (parsed["warnings"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            #expect(warnings.filter { $0.hasPrefix("target name ") }.count == HostileNames.names.count)
            #expect(warnings.contains { $0.hasPrefix("package name 'hostile$(touch pwned)'") })
            #expect(
                warnings.contains {
                    $0.contains("(10000 characters) in 'hostile' is longer than 255 characters")
                })
            #expect(!warnings.contains { $0.contains("Ünïcödé") })
            // The warnings on standard error are one line each.
            let lines = errors.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.allSatisfy { $0.hasPrefix("testselect: warning: ") })
            #expect(lines.count == HostileNames.names.count + 1)
            #expect(errors.contains("'new\\nline'"))
            #expect(errors.contains("'escape\\u{1b}[2Jterm'"))
            #expect(!errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })

            let (_, matrix, _) = run(["select", "--base", "main", "--format", "github-matrix"], in: repo)
            let include = try #require(try JSONValue.parse(matrix)["include"]?.arrayValue)
            #expect(include.count == 1)
            #expect(
                Set(include[0]["targets"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                    == Set(HostileNames.all))
        }
    }

    @Test func theFilterMatchesEachModuleOnlyAndTheCommandsAreOneShellWordEach() throws {
        try withTemporaryRepository { repo in
            try HostileNames.writePackage(in: repo)
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
                #expect(filter == CIFormatters.filter(for: HostileNames.all.sorted()))
                let expression = try NSRegularExpression(pattern: filter)
                func matches(_ test: String) -> Bool {
                    expression.firstMatch(in: test, range: NSRange(test.startIndex..., in: test)) != nil
                }
                for name in HostileNames.all {
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
            try HostileNames.writePackage(in: repo)
            let (_, text, _) = run(["select", "--base", "main"], in: repo)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
            #expect(text.contains("    new\\nline\n"))
            #expect(text.contains("    rtl\\u{202e}desrever\n"))
            #expect(text.contains("    back`id`tick\n"))
        }
        try withTemporaryDirectory { directory in
            let job = PackageJob(directory: "hostile", suites: HostileNames.all)
            let tests = HostileNames.all.map {
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

    /// Undoes the backslash escapes of a Markdown table cell.
    static func unescapedCell(_ cell: Substring) -> String {
        var result = ""
        var escaping = false
        for character in cell {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            escaping = false
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// The cells of a Markdown table row, split at the pipes no backslash escapes.
    static func cells(_ row: Substring) -> [Substring] {
        var cells: [Substring] = []
        var start = row.startIndex
        var escaping = false
        for index in row.indices {
            if escaping {
                escaping = false
            } else if row[index] == "\\" {
                escaping = true
            } else if row[index] == "|" {
                cells.append(row[start..<index])
                start = row.index(after: index)
            }
        }
        return Array(cells.dropFirst())
    }

    @Test func markdownShowsEveryNameInItsOwnCellAndMermaidLabelsStayLabels() throws {
        try withTemporaryRepository { repo in
            try HostileNames.writePackage(in: repo)
            let (status, markdown, _) = run(["select", "--base", "main", "--format", "markdown"], in: repo)
            #expect(status == 0)
            #expect(!markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst(2)
            #expect(rows.count == HostileNames.all.count)
            for row in rows {
                let cells = Self.cells(row)
                #expect(cells.count == 3, "\(row.prefix(200))")
                // Nothing Markdown or HTML reads specially is left unescaped.
                for cell in cells {
                    var escaping = false
                    for character in cell {
                        #expect(escaping || !"`*_[]<>&|~$".contains(character), "\(cell.prefix(200))")
                        escaping = !escaping && character == "\\"
                    }
                }
            }
            let suites = Set(rows.map { Self.unescapedCell(Self.cells($0)[1]) })
            #expect(suites == Set(HostileNames.all.map(NameSafety.visible)))
            #expect(rows.allSatisfy { Self.unescapedCell(Self.cells($0)[0]) == "hostile" })

            // The drawing of the package and the graph's drawing of every target: a label is one
            // quoted string holding no quote, backtick or angle bracket.
            let (_, graph, _) = run(["graph", "--format", "mermaid", "--base", "main"], in: repo)
            let block = try #require(markdown.components(separatedBy: "```mermaid\n").last)
            for drawing in [graph, block] {
                for line in drawing.split(separator: "\n") where line.contains("[\"") {
                    let label = line.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }
                    #expect(line.hasSuffix("\"]") || line.hasSuffix("\"])"), "\(line.prefix(200))")
                    #expect(!label.contains { "`<>".contains($0) }, "\(line.prefix(200))")
                    #expect(line.filter { $0 == "\"" }.count == 2, "\(line.prefix(200))")
                }
            }
            #expect(block.contains("p0[\"hostile (hostile$(touch pwned))\"]"))
            let decoded = graph.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("    t"), let open = line.firstIndex(of: "\"") else { return nil }
                return String(line[line.index(after: open)...].prefix { $0 != "\"" })
                    .replacingOccurrences(of: "#quot;", with: "\"").replacingOccurrences(
                        of: "#96;", with: "`"
                    )
                    .replacingOccurrences(of: "#60;", with: "<").replacingOccurrences(of: "#62;", with: ">")
                    .replacingOccurrences(of: "#38;", with: "&").replacingOccurrences(of: "#35;", with: "#")
            }
            #expect(Set(decoded) == Set(HostileNames.all.map(NameSafety.visible)))
        }
    }
}
