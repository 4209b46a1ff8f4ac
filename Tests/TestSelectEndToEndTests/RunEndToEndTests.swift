import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `testselect run` on a temporary repository of two small real packages, built and tested with the
/// toolchain's `swift`: passing, failing, crashing and non-compiling suites, JUnit files, durations
/// and shards. One repository serves every step, so each package builds from scratch only once.
@Suite(.serialized) struct RunEndToEndTests {
    static let files: [String: String] = [
        "packages/lib/Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "lib",
            products: [.library(name: "Lib", targets: ["Lib"])],
            targets: [
                .target(name: "Lib"),
                .testTarget(name: "LibTests", dependencies: ["Lib"]),
                .testTarget(name: "EmptyTests", dependencies: ["Lib"]),
            ]
        )
        """,
        "packages/lib/Sources/Lib/Lib.swift": "public func double(_ value: Int) -> Int { value * 2 }\n",
        "packages/lib/Tests/LibTests/LibTests.swift": """
        import Lib
        import Testing
        import XCTest

        @Suite struct MathTests {
            @Test func doubles() { #expect(double(2) == 4) }
            @Test(.disabled("not yet")) func later() {}
        }

        @Test func freeFunction() { #expect(double(0) == 0) }

        final class LibXCTests: XCTestCase {
            func testDoubles() { XCTAssertEqual(double(3), 6) }
        }

        """,
        "packages/lib/Tests/EmptyTests/Empty.swift": "import Lib\n",
        "services/app/Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "app",
            dependencies: [.package(path: "../../packages/lib")],
            targets: [
                .target(name: "App", dependencies: [.product(name: "Lib", package: "lib")]),
                .testTarget(name: "AppTests", dependencies: ["App"]),
            ]
        )
        """,
        "services/app/Sources/App/App.swift":
            "import Lib\n\npublic func greeting() -> String { \"hi \\(double(1))\" }\n",
        "services/app/Tests/AppTests/AppTests.swift": """
        import App
        import Testing
        import XCTest

        final class AppXCTests: XCTestCase {
            func testGreets() { XCTAssertEqual(greeting(), "hi 2") }
        }

        @Test func appFree() { #expect(!greeting().isEmpty) }

        """,
    ]

    /// Runs `testselect` and returns status, standard output and standard error.
    func testselect(_ arguments: [String], in repo: TemporaryRepository) throws -> (Int32, String, String) {
        let output = try TestSelectBinary.run(arguments, in: repo.root)
        return (output.status, output.stdoutText, output.stderr)
    }

    func lastLine(_ text: String) -> String {
        String(text.split(separator: "\n").last ?? "")
    }

    /// A test target whose name is not an identifier is the module SwiftPM mangles it to
    /// (`Edge-Case-Tests` is `Edge_Case_Tests`): the filter must name the module, or nothing runs.
    @Test func aTargetNamedLikeNoIdentifierRunsItsTests() throws {
        try withTemporaryRepository { repo in
            try repo.write([
                "edge/Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "edge",
                    targets: [
                        .testTarget(name: "Edge-Case-Tests", path: "Tests/Edge-Case-Tests"),
                        .testTarget(name: "OtherTests"),
                    ]
                )
                """,
                "edge/Tests/Edge-Case-Tests/EdgeTests.swift": """
                import Testing
                import XCTest

                @Test func swiftTesting() { #expect(1 + 1 == 2) }

                final class EdgeXCTests: XCTestCase {
                    func testXCTest() { XCTAssertTrue(true) }
                }

                """,
                "edge/Tests/OtherTests/OtherTests.swift": "import Testing\n\n@Test func other() {}\n",
            ])
            try repo.commitAll("a package")
            try repo.touch("edge/Tests/Edge-Case-Tests/EdgeTests.swift")
            let (status, output, errors) = try testselect(["run", "--base", "main"], in: repo)
            #expect(status == 0, "\(output)\n\(errors)")
            #expect(output.contains("running 1 suite in 1 package"))
            #expect(lastLine(output) == "2 passed, 0 failed")
            let (_, dryRun, _) = try testselect(["run", "--base", "main", "--dry-run"], in: repo)
            #expect(dryRun.contains("^(Edge_Case_Tests)\\."))
        }
    }

    /// Names a pull request could use against its CI reach `swift test` as arguments, never as shell:
    /// each suite runs its own tests, nothing else runs. (A `"` in a target name breaks SwiftPM's own
    /// build, 6.3: its output file map is not valid JSON; `HostileNamesTests` covers it short of a build.)
    @Test func hostileTargetNamesRunTheirTestsAndNothingElse() throws {
        try withTemporaryRepository { repo in
            try repo.write([
                "hostile/Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "hostile",
                    targets: [
                        .testTarget(name: "Dollar$(touch pwned)Tests", path: "Tests/A"),
                        .testTarget(name: "Quote'n semi;touch pwned", path: "Tests/B"),
                    ]
                )
                """,
                "hostile/Tests/A/A.swift": "import Testing\n\n@Test func a() {}\n@Test func a2() {}\n",
                "hostile/Tests/B/B.swift": "import Testing\n\n@Test func b() {}\n",
            ])
            try repo.commitAll("hostile names")
            try repo.touch("hostile/Tests/B/B.swift")
            let (status, output, errors) = try testselect(["run", "--base", "main"], in: repo)
            #expect(status == 0, "\(output)\n\(errors)")
            #expect(output.contains("running 1 suite in 1 package"))
            #expect(lastLine(output) == "1 passed, 0 failed")
            #expect(
                errors.contains("testselect: warning: target name 'Quote'n semi;touch pwned' in 'hostile'"))
            let (allStatus, all, _) = try testselect(["run", "--all"], in: repo)
            #expect(allStatus == 0)
            #expect(lastLine(all) == "3 passed, 0 failed")
            let strays = try FileManager.default.subpathsOfDirectory(atPath: repo.root).filter {
                $0.hasSuffix("pwned")
            }
            #expect(strays.isEmpty)
        }
    }

    /// `run --cache`: what passed with the same inputs is skipped and reported as cached (text, JSON,
    /// JUnit), what changed runs, a failure never enters the cache, another toolchain misses it.
    @Test func theResultCacheSkipsWhatPassedWithTheSameInputs() throws {
        try withTemporaryRepository { repo in
            try repo.write(RunEndToEndTests.files)
            try repo.commitAll("two packages")
            let cache = repo.path(".build/result-cache")

            let (firstStatus, first, firstErrors) = try testselect(
                ["run", "--all", "--cache", cache], in: repo)
            #expect(firstStatus == 0, "\(first)\n\(firstErrors)")
            #expect(lastLine(first) == "5 passed, 0 failed")
            #expect(!first.contains("cached:"))

            // No change: nothing runs, every suite is reported cached, nothing counted as passed now.
            let junit = repo.path(".build/junit-cached")
            let (againStatus, again, _) = try testselect(
                ["run", "--all", "--cache", cache, "--junit", junit], in: repo)
            #expect(againStatus == 0)
            #expect(again.contains("cached: 3 suites not run (passed before with the same inputs):"))
            #expect(again.contains("  services/app:AppTests (passed in the run of "))
            #expect(lastLine(again) == "0 passed, 0 failed")
            let cachedLib = try JUnitCounts(path: junit + "/packages-lib.xml")
            #expect(cachedLib.tests == 2)
            #expect(cachedLib.skipped == 2)
            // A global file listed as changed selects every suite; the cache marks them all.
            let json = try TestSelectBinary.run(
                ["select", "--changed-files", "-", "--cache", cache, "--format", "json"], in: repo.root,
                input: ".swift-version\n"
            ).stdoutText
            #expect(json.components(separatedBy: "\"cached\": \"the run of ").count == 4, "\(json)")

            // A change to the app: only its suite runs; explain says which input differs.
            try repo.touch("services/app/Sources/App/App.swift")
            let (_, explained, _) = try testselect(
                ["explain", "services/app:AppTests", "--base", "main", "--cache", cache], in: repo)
            #expect(explained.contains("1 of its inputs differ:"))
            #expect(explained.contains("  changed file:services/app/Sources/App/App.swift"))
            let (appStatus, app, _) = try testselect(["run", "--all", "--cache", cache], in: repo)
            #expect(appStatus == 0)
            #expect(app.contains("running 1 suite in 1 package"))
            #expect(app.contains("cached: 2 suites not run"))
            #expect(lastLine(app) == "2 passed, 0 failed")

            // A failing suite is never cached: it fails again on the next run.
            try repo.write(
                "services/app/Tests/AppTests/AppTests.swift",
                RunEndToEndTests.files["services/app/Tests/AppTests/AppTests.swift", default: ""]
                    .replacingOccurrences(of: "\"hi 2\"", with: "\"hello\""))
            for _ in 0..<2 {
                let (failStatus, failing, _) = try testselect(["run", "--all", "--cache", cache], in: repo)
                #expect(failStatus == 1)
                #expect(lastLine(failing) == "1 passed, 1 failed")
            }
            try repo.git("checkout", "-q", "--", ".")

            // Another toolchain (its 'swift --version' differs): everything runs again.
            let wrapper = repo.path(".build/other-swift")
            let script = """
                #!/bin/sh
                if [ "$1" = "--version" ]; then swift --version; echo "patched"; exit 0; fi
                exec swift "$@"

                """
            try writeExecutable(script, to: wrapper)
            let other = try TestSelectBinary.run(
                ["run", "--all", "--cache", cache], in: repo.root, environment: ["TESTSELECT_SWIFT": wrapper])
            #expect(other.status == 0, "\(other.stdoutText)\n\(other.stderr)")
            #expect(!other.stdoutText.contains("cached:"))
            #expect(String(other.stdoutText.split(separator: "\n").last ?? "") == "5 passed, 0 failed")
        }
    }

    @Test func runsSelectedSuitesAndReportsPassesFailuresCrashesAndBuildFailures() throws {
        try withTemporaryRepository { repo in
            try repo.write(RunEndToEndTests.files)
            try repo.commitAll("two packages")

            // Everything passes: exit 0, a table, JUnit files, durations, the closing line last.
            let junit = repo.path(".build/junit-all")
            let (status, output, errors) = try testselect(["run", "--all", "--junit", junit], in: repo)
            #expect(status == 0, "\(output)\n\(errors)")
            #expect(lastLine(output) == "5 passed, 0 failed")
            #expect(output.contains("running 3 suites in 2 packages"))
            #expect(errors.contains("==> packages/lib: building (swift build --build-tests)"))
            #expect(errors.contains("==> services/app: passed: 2 passed, 0 failed, 0 skipped"))
            #expect(errors.contains("Test run with 3 tests in 1 suite passed"))
            let lib = try JUnitCounts(path: junit + "/packages-lib.xml")
            #expect(lib.tests == 4)
            #expect(lib.failures == 0)
            #expect(lib.skipped == 1)
            #expect(lib.suites == ["LibTests"])
            #expect(try JUnitCounts(path: junit + "/services-app.xml").tests == 2)
            #expect(
                FileManager.default.fileExists(atPath: repo.path(".build/testselect/logs/services-app.log")))
            let durations = try DurationStore.load(from: repo.path(".build/testselect/durations.json"))
            #expect(
                durations.suites.keys.sorted() == [
                    "packages/lib:EmptyTests", "packages/lib:LibTests", "services/app:AppTests",
                ])
            #expect(durations.builds.keys.sorted() == ["packages/lib", "services/app"])

            // Shards of the same run (already built): together they run every test once. Like CI
            // runners, each shard balances with its own copy of the same durations (a run updates it).
            var passed = 0
            for (index, shard) in ["1/2", "2/2"].enumerated() {
                let copy = repo.path(".build/durations-\(index).json")
                try FileManager.default.copyItem(
                    atPath: repo.path(".build/testselect/durations.json"), toPath: copy)
                let (shardStatus, shardOutput, _) = try testselect(
                    ["run", "--all", "--shard", shard, "--durations", copy], in: repo)
                #expect(shardStatus == 0)
                #expect(shardOutput.contains("(shard \(shard))"))
                let counts = lastLine(shardOutput).split(separator: " ")
                passed += Int(counts.first ?? "") ?? 0
            }
            #expect(passed == 5)

            // A change to one suite's files: only that module runs, filtered; a Swift Testing suite and
            // a free test function both match the module filter.
            try repo.touch("packages/lib/Tests/LibTests/LibTests.swift")
            let (libStatus, libOutput, libErrors) = try testselect(["run", "--base", "main"], in: repo)
            #expect(libStatus == 0, "\(libOutput)\n\(libErrors)")
            #expect(libOutput.contains("running 1 suite in 1 package"))
            #expect(lastLine(libOutput) == "3 passed, 0 failed")
            #expect(libErrors.contains("==> packages/lib: testing LibTests"))
            try repo.git("checkout", "-q", "--", ".")

            // A module with no tests at all is not a failure.
            try repo.touch("packages/lib/Tests/EmptyTests/Empty.swift")
            let (emptyStatus, emptyOutput, _) = try testselect(["run", "--base", "main"], in: repo)
            #expect(emptyStatus == 0)
            #expect(lastLine(emptyOutput) == "0 passed, 0 failed")
            try repo.git("checkout", "-q", "--", ".")

            // A failing test: exit 1, the failure named, its JUnit file counts it.
            try repo.write(
                "services/app/Tests/AppTests/AppTests.swift",
                RunEndToEndTests.files["services/app/Tests/AppTests/AppTests.swift", default: ""]
                    .replacingOccurrences(of: "\"hi 2\"", with: "\"hello\""))
            let failingJUnit = repo.path(".build/junit-failing")
            let (failStatus, failOutput, _) = try testselect(
                ["run", "--base", "main", "--junit", failingJUnit], in: repo)
            #expect(failStatus == 1)
            #expect(lastLine(failOutput) == "1 passed, 1 failed")
            #expect(failOutput.contains("--- services/app: failing tests ---"))
            #expect(failOutput.contains("AppTests.AppXCTests/testGreets: XCTAssertEqual failed"))
            #expect(
                failOutput.contains(
                    "--- services/app: last lines of .build/testselect/logs/services-app.log ---"))
            let app = try JUnitCounts(path: failingJUnit + "/services-app.xml")
            #expect(app.tests == 2)
            #expect(app.failures == 1)

            // A crashing test process: a failure that names the test, with the crash from the log.
            try repo.write(
                "services/app/Tests/AppTests/AppTests.swift",
                RunEndToEndTests.files["services/app/Tests/AppTests/AppTests.swift", default: ""]
                    .replacingOccurrences(of: "\"hi 2\"", with: "\"hello\"")
                    .replacingOccurrences(of: "#expect(!greeting().isEmpty)", with: "fatalError(\"boom\")"))
            let (crashStatus, crashOutput, _) = try testselect(["run", "--base", "main"], in: repo)
            #expect(crashStatus == 1)
            #expect(lastLine(crashOutput) == "0 passed, 2 failed")
            #expect(crashOutput.contains("CRASHED"))
            #expect(
                crashOutput.contains("AppTests.appFree(): the test process died while this test was running"))
            #expect(crashOutput.contains("Fatal error: boom"))

            // A test that hangs: '--timeout' stops the test process and names the test still running.
            // It hangs by holding a pipe this test reads until this test closes it (at most 10
            // minutes), so a run that fails to stop it does not leave it behind.
            try repo.write(
                "services/app/Tests/AppTests/AppTests.swift",
                RunEndToEndTests.files["services/app/Tests/AppTests/AppTests.swift", default: ""]
                    .replacingOccurrences(
                        of: "@Test func appFree() { #expect(!greeting().isEmpty) }",
                        with: """
                            @Test func appFree() {
                                let hold = open(ProcessInfo.processInfo.environment["HANG_TEST_PIPE"] ?? "", O_WRONLY)
                                var watched = pollfd(fd: hold, events: 0, revents: 0)
                                _ = poll(&watched, 1, 600_000)
                                #expect(!greeting().isEmpty)
                            }
                            """
                    )
                    .replacingOccurrences(
                        of: "import App\n",
                        with: "import App\nimport Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif\n"))
            let held = try NamedPipe(path: (repo.root as NSString).deletingLastPathComponent + "/hang-test")
            defer { held.close() }
            // The limit is real time for a real 'swift test': generous, since the passing test
            // must finish within it on a loaded machine.
            let hang = try TestSelectBinary.run(
                ["run", "--base", "main", "--timeout", "60"], in: repo.root,
                environment: ["HANG_TEST_PIPE": held.path])
            let (hangStatus, hangOutput) = (hang.status, hang.stdoutText)
            #expect(hangStatus == 1)
            #expect(hangOutput.contains("TIMED OUT"))
            #expect(
                hangOutput.contains("AppTests.appFree(): the test process died while this test was running"))
            #expect(lastLine(hangOutput) == "1 passed, 1 failed")

            // A package that does not compile: exit 2, named; --fail-fast leaves the rest unrun.
            try repo.write(
                "packages/lib/Sources/Lib/Lib.swift", "public func double(_ value: Int) -> Int {\n")
            let (buildStatus, buildOutput, _) = try testselect(
                ["run", "--base", "main", "--fail-fast", "--jobs", "1"], in: repo)
            #expect(buildStatus == 2)
            #expect(buildOutput.contains("BUILD FAILED"))
            #expect(buildOutput.contains("not run"))
            #expect(buildOutput.contains("build failed: "))
            #expect(buildOutput.contains("stopped by --fail-fast before finishing: "))
            #expect(buildOutput.contains("error: "))
            #expect(lastLine(buildOutput) == "0 passed, 0 failed")
        }
    }
}

/// The counts of a JUnit file, read with Foundation's XML parser.
final class JUnitCounts: NSObject, XMLParserDelegate {
    var tests = 0
    var failures = 0
    var skipped = 0
    /// `<flakyFailure>` and `<rerunFailure>` elements (Surefire's reruns), by the test case's name.
    var flakyFailures: [String: Int] = [:]
    var rerunFailures: [String: Int] = [:]
    var suites: [String] = []
    private var testCase = ""

    init(path: String) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        #expect(parser.parse(), "\(path) is not well-formed XML")
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "testsuite": suites.append(attributes["name"] ?? "")
        case "testcase":
            tests += 1
            testCase = attributes["name"] ?? ""
        case "failure": failures += 1
        case "flakyFailure": flakyFailures[testCase, default: 0] += 1
        case "rerunFailure": rerunFailures[testCase, default: 0] += 1
        case "skipped": skipped += 1
        default: break
        }
    }
}
