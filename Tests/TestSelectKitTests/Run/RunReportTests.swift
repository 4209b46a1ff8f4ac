import Foundation
import TestSelectKit
import TestSelectTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The end-of-run summary and the JUnit files.
@Suite struct RunReportTests {
    static let passing = PackageRunResult(
        job: PackageJob(directory: "packages/lib", suites: ["LibTests", "MoreTests"], coversPackage: true),
        outcome: .passed,
        tests: [
            TestCaseResult(
                module: "LibTests", suite: "AddTests", name: "adds()", status: .passed, seconds: 0.5),
            TestCaseResult(module: "LibTests", suite: "", name: "free()", status: .passed, seconds: 0.25),
            TestCaseResult(
                module: "MoreTests", suite: "MoreXCTests", name: "testLater", status: .skipped, seconds: 0,
                message: "Test skipped - later"),
        ], buildSeconds: 42.26, testSeconds: 1.5, logPath: "/nonexistent/lib.log",
        closingLines: ["Test run with 2 tests in 1 suite passed after 0.7 seconds."])

    func failing(logPath: String) -> PackageRunResult {
        PackageRunResult(
            job: PackageJob(directory: "services/app", suites: ["AppTests"]), outcome: .testsFailed,
            tests: [
                TestCaseResult(
                    module: "AppTests", suite: "AppXCTests", name: "testOK", status: .passed, seconds: 1),
                TestCaseResult(
                    module: "AppTests", suite: "AppXCTests", name: "testCount", status: .failed, seconds: 2,
                    message: "XCTAssertEqual failed: (\"4\") is not equal to (\"3\") <&>\nsecond line"),
            ], buildSeconds: 61, testSeconds: 3, logPath: logPath)
    }

    func broken(logPath: String) -> PackageRunResult {
        PackageRunResult(
            job: PackageJob(directory: "packages/broken", suites: ["BrokenTests"]), outcome: .buildFailed,
            buildSeconds: 5, logPath: logPath, note: "'swift build --build-tests' exited with status 1")
    }

    @Test func theSummaryEndsWithTheClosingLineAlone() throws {
        try withTemporaryDirectory { directory in
            let log = directory + "/.build/testselect/logs/services-app.log"
            try FileManager.default.createDirectory(
                atPath: directory + "/.build/testselect/logs", withIntermediateDirectories: true)
            let logLines = (1...50).map { "line \($0)" }.joined(separator: "\n") + "\n"
            try logLines.write(toFile: log, atomically: true, encoding: .utf8)
            let results = [RunReportTests.passing, failing(logPath: log), broken(logPath: log)]
            let text = RunSummary.format(results, root: directory, seconds: 125)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                String.init)
            #expect(lines.last == "3 passed, 1 failed")
            #expect(text.hasSuffix("\n3 passed, 1 failed\n"))
            #expect(lines.contains("package          suites  passed  failed  skipped  build  tests  result"))
            #expect(lines.contains("packages/lib          2       2       0        1  42.3s   1.5s  passed"))
            #expect(lines.contains("services/app          1       1       1        0  1m01s   3.0s  FAILED"))
            #expect(
                lines.contains("packages/broken       1       -       -        -   5.0s      -  BUILD FAILED")
            )
            #expect(
                lines.contains("total                 4       3       1        1                in 2m05s"))
            #expect(lines.contains("--- services/app: failing tests ---"))
            #expect(
                lines.contains(
                    "  AppTests.AppXCTests/testCount: XCTAssertEqual failed: (\"4\") is not equal to (\"3\") <&> | second line"
                ))
            #expect(
                lines.contains("--- services/app: last lines of .build/testselect/logs/services-app.log ---"))
            #expect(lines.contains("  line 50"))
            #expect(lines.contains("  line 21"))
            #expect(!lines.contains("  line 20"))
            #expect(lines.contains("build failed: packages/broken"))
            #expect(!text.contains("packages/lib: last lines"))
        }
    }

    @Test func progressLinesSayWhatHappened() {
        #expect(
            RunSummary.line(for: RunReportTests.passing)
                == "packages/lib: passed: 2 passed, 0 failed, 1 skipped (build 42.3s, tests 1.5s)")
        #expect(
            RunSummary.line(for: broken(logPath: "/x"))
                == "packages/broken: BUILD FAILED (5.0s); 'swift build --build-tests' exited with status 1")
        #expect(RunSummary.closingLine([]) == "0 passed, 0 failed")
        #expect(RunSummary.duration(nil) == "-")
        #expect(RunSummary.duration(59.94) == "59.9s")
        #expect(RunSummary.duration(3600) == "60m00s")
    }

    @Test func junitFilesParseAsXMLWithTheRightCounts() throws {
        try withTemporaryDirectory { directory in
            let log = directory + "/broken.log"
            try "error: cannot find 'x' in scope\n".write(toFile: log, atomically: true, encoding: .utf8)
            let results = [RunReportTests.passing, failing(logPath: log), broken(logPath: log)]
            try JUnitWriter.write(results, to: directory + "/junit")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/junit").sorted()
            #expect(files == ["packages-broken.xml", "packages-lib.xml", "services-app.xml"])

            let lib = try JUnitDocument(path: directory + "/junit/packages-lib.xml")
            #expect(lib.root["name"] == "packages/lib")
            #expect(lib.root["tests"] == "3")
            #expect(lib.root["failures"] == "0")
            #expect(lib.root["skipped"] == "1")
            #expect(lib.suites.map { $0["name"] ?? "" } == ["LibTests", "MoreTests"])
            #expect(
                lib.cases.map { $0["classname"] ?? "" } == [
                    "LibTests.AddTests", "LibTests", "MoreTests.MoreXCTests",
                ])
            #expect(lib.skipped == 1)

            let app = try JUnitDocument(path: directory + "/junit/services-app.xml")
            #expect(app.root["tests"] == "2")
            #expect(app.root["failures"] == "1")
            #expect(app.failureMessages == ["XCTAssertEqual failed: (\"4\") is not equal to (\"3\") <&>"])

            let brokenDocument = try JUnitDocument(path: directory + "/junit/packages-broken.xml")
            #expect(brokenDocument.root["failures"] == "1")
            #expect(brokenDocument.cases.map { $0["name"] ?? "" } == ["swift build --build-tests"])
            #expect(brokenDocument.text.contains("cannot find 'x' in scope"))
        }
    }
}

/// A JUnit file read with Foundation's XML parser: the root's attributes, every `<testsuite>`
/// and `<testcase>`, failure messages and the text content.
final class JUnitDocument: NSObject, XMLParserDelegate {
    var root: [String: String] = [:]
    var suites: [[String: String]] = []
    var cases: [[String: String]] = []
    var failureMessages: [String] = []
    var skipped = 0
    var text = ""

    init(path: String) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else {
            throw JUnitParseError(message: "\(path): \(parser.parserError.map { "\($0)" } ?? "invalid XML")")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "testsuites": root = attributes
        case "testsuite": suites.append(attributes)
        case "testcase": cases.append(attributes)
        case "failure": failureMessages.append(attributes["message"] ?? "")
        case "skipped": skipped += 1
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}

struct JUnitParseError: Error {
    var message: String
}
