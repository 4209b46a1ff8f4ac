import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `testselect impact record` and `--impact` on a temporary repository of two small real packages,
/// built with coverage and run by the toolchain's `swift`: the recorded files per test, the tests a
/// change selects inside its suites, and each rule that runs a suite whole instead. One repository
/// serves every step, so each package builds with coverage only once.
@Suite(.serialized) struct ImpactEndToEndTests {
    static let files: [String: String] = [
        ".gitignore": ".build/\n",
        "packages/lib/Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "lib",
            products: [.library(name: "Lib", targets: ["Lib"])],
            targets: [
                .target(name: "Lib"),
                .executableTarget(name: "libtool", dependencies: ["Lib"]),
                .testTarget(name: "LibTests", dependencies: ["Lib"]),
            ]
        )
        """,
        "packages/lib/Sources/Lib/Math.swift": """
        public func double(_ value: Int) -> Int {
            value * 2
        }

        """,
        "packages/lib/Sources/Lib/Text.swift": """
        public let exclamations = 1

        public func shout(_ text: String) -> String {
            text.uppercased() + String(repeating: "!", count: exclamations)
        }

        """,
        "packages/lib/Sources/libtool/main.swift": """
        import Lib

        print(double(21))

        """,
        "packages/lib/Tests/LibTests/LibTests.swift": """
        import Foundation
        import Lib
        import Testing
        import XCTest

        final class MathXCTests: XCTestCase {
            func testDoubles() { XCTAssertEqual(double(3), 6) }
        }

        /// Runs the package's executable, built beside the test bundle: its coverage is the test's.
        final class ToolXCTests: XCTestCase {
            func testTool() throws {
                let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                    .appendingPathComponent("libtool")
                let process = Process()
                process.executableURL = tool
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let output = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                XCTAssertEqual(String(decoding: output, as: UTF8.self), "42\\n")
            }
        }

        @Suite struct TextTests {
            @Test(arguments: ["a", "b"]) func shouts(text: String) {
                #expect(shout(text) == text.uppercased() + "!")
            }
        }

        """,
        "packages/slow/Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "slow",
            targets: [.executableTarget(name: "slowtool"), .testTarget(name: "SlowTests")]
        )
        """,
        "packages/slow/Sources/slowtool/main.swift": """
        import Foundation

        FileHandle.standardOutput.write(Data("ready\\n".utf8))

        """,
        "packages/slow/Tests/SlowTests/SlowTests.swift": """
        import Foundation
        import XCTest

        final class SlowTests: XCTestCase {
            func testFinishes() { XCTAssertTrue(true) }
            func testNeverEnds() { DispatchSemaphore(value: 0).wait() }
            func testToolWithoutEnvironment() throws {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                    .deletingLastPathComponent().appendingPathComponent("slowtool")
                process.environment = [:]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
            }
        }

        """,
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
        "services/app/Sources/App/App.swift": """
        import Lib

        public func greeting() -> String {
            shout("hi")
        }

        """,
        "services/app/Tests/AppTests/AppTests.swift": """
        import App
        import Testing

        @Test func greets() { #expect(greeting() == "HI!") }

        """,
    ]

    func testselect(_ arguments: [String], in repo: TemporaryRepository) throws -> (Int32, String, String) {
        let output = try TestSelectBinary.run(arguments, in: repo.root)
        return (output.status, output.stdoutText, output.stderr)
    }

    /// Each selected suite's `impact` member of `--format json`, keyed `dir:Target`.
    func scopes(_ arguments: [String], in repo: TemporaryRepository) throws -> [String: JSONValue] {
        let (status, output, errors) = try testselect(arguments + ["--format", "json"], in: repo)
        #expect(status == 0, "\(errors)")
        var result: [String: JSONValue] = [:]
        for suite in try JSONValue.parse(output)["selected"]?.arrayValue ?? [] {
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue
            else {
                continue
            }
            result["\(package):\(target)"] = suite["impact"] ?? .null
        }
        return result
    }

    func testIDs(_ scope: JSONValue?) -> [String] {
        (scope?["tests"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    func rule(_ scope: JSONValue?) -> String {
        scope?["whole_suite"]?.stringValue ?? ""
    }

    @Test func recordsSelectsAndFallsBack() throws {
        try withTemporaryRepository { repo in
            try repo.write(ImpactEndToEndTests.files)
            try repo.commitAll("two packages")
            let map = repo.root + "/.build/impact"

            // Recording: every test, alone, with the files it executed.
            let (status, output, errors) = try testselect(
                ["impact", "record", "--output", map, "--packages", "packages/lib,services/app"], in: repo)
            #expect(status == 0, "\(output)\n\(errors)")
            #expect(output.contains("recorded 2 of 2 packages"), "\(output)")
            #expect(errors.contains("impact: packages/lib: 3/3 tests"), "\(errors)")
            guard case .map(let libMap) = ImpactMap.load(package: "packages/lib", from: map) else {
                Issue.record("the recorded map of packages/lib does not load")
                return
            }
            let recorded = Dictionary(
                uniqueKeysWithValues: libMap.tests.map { ($0.id, libMap.paths(of: $0) ?? []) })
            #expect(
                recorded["LibTests.MathXCTests/testDoubles"]?.contains("packages/lib/Sources/Lib/Math.swift")
                    == true)
            #expect(
                recorded["LibTests.MathXCTests/testDoubles"]?.contains("packages/lib/Sources/Lib/Text.swift")
                    == false)
            #expect(
                recorded["LibTests.TextTests/shouts(text:)"]?.contains("packages/lib/Sources/Lib/Text.swift")
                    == true)
            // The executable the test started: its own profile, merged into the test's.
            #expect(
                recorded["LibTests.ToolXCTests/testTool"]
                    == [
                        "packages/lib/Sources/Lib/Math.swift", "packages/lib/Sources/libtool/main.swift",
                        "packages/lib/Tests/LibTests/LibTests.swift",
                    ], "\(recorded)")
            #expect(try repo.git("status", "--porcelain").isEmpty, "recording left files in the repository")

            // A test that never ends is stopped after --timeout and kept without a map.
            let (slowStatus, slowOutput, slowErrors) = try testselect(
                ["impact", "record", "--output", map, "--packages", "packages/slow", "--timeout", "2"],
                in: repo)
            #expect(slowStatus == 0, "\(slowOutput)\n\(slowErrors)")
            #expect(
                slowOutput.contains("packages/slow: 3 tests (2 without a map: they always run)"),
                "\(slowOutput)")
            guard case .map(let slowMap) = ImpactMap.load(package: "packages/slow", from: map) else {
                Issue.record("the map of packages/slow does not load")
                return
            }
            #expect(
                slowMap.tests.first { $0.id == "SlowTests.SlowTests/testNeverEnds" }?.note?.contains(
                    "--timeout") == true)
            #expect(
                slowMap.tests.first { $0.id == "SlowTests.SlowTests/testFinishes" }?.files?.isEmpty == false)

            // A change inside a function body: only the tests that executed it, in every suite.
            try repo.write(
                "packages/lib/Sources/Lib/Math.swift",
                "public func double(_ value: Int) -> Int {\n    value + value\n}\n")
            var scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(
                testIDs(scope["packages/lib:LibTests"])
                    == ["LibTests.MathXCTests/testDoubles", "LibTests.ToolXCTests/testTool"])
            #expect(scope["packages/lib:LibTests"]?["skipped"]?.arrayValue?.count == 1)
            #expect(testIDs(scope["services/app:AppTests"]) == [])
            #expect(scope["services/app:AppTests"]?["skipped"]?.arrayValue?.count == 1)
            let (_, commands, _) = try testselect(
                ["--base", "main", "--impact", map, "--format", "commands"], in: repo)
            #expect(
                commands.contains("--skip '^(LibTests\\.TextTests/shouts\\(text:\\))(/|$)'"), "\(commands)")
            let (_, explained, _) = try testselect(
                [
                    "explain", "packages/lib:LibTests/MathXCTests/testDoubles", "--base", "main", "--impact",
                    map,
                ],
                in: repo)
            #expect(explained.contains("it executed packages/lib/Sources/Lib/Math.swift"), "\(explained)")
            let (_, left, _) = try testselect(
                [
                    "explain", "packages/lib:LibTests/TextTests/shouts(text:)", "--base", "main", "--impact",
                    map,
                ],
                in: repo)
            #expect(left.contains("is left out"), "\(left)")

            // 'run' runs exactly those: two tests in lib, none in app.
            let (runStatus, run, runErrors) = try testselect(
                ["run", "--base", "main", "--impact", map], in: repo)
            #expect(runStatus == 0, "\(run)\n\(runErrors)")
            #expect(run.split(separator: "\n").last == "2 passed, 0 failed", "\(run)")

            // Two files of one target changed: the tests of each (a selection explains a suite
            // with one file per target; the impact selection reads them all).
            try repo.write(
                "packages/lib/Sources/Lib/Text.swift",
                try String(contentsOfFile: repo.path("packages/lib/Sources/Lib/Text.swift"), encoding: .utf8)
                    .replacingOccurrences(of: "text.uppercased() +", with: "(text.uppercased()) +"))
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(
                testIDs(scope["packages/lib:LibTests"])
                    == [
                        "LibTests.MathXCTests/testDoubles", "LibTests.TextTests/shouts(text:)",
                        "LibTests.ToolXCTests/testTool",
                    ], "\(scope)")
            #expect(testIDs(scope["services/app:AppTests"]) == ["AppTests.greets()"], "\(scope)")

            // A declaration outside any body (a global constant a test reads without executing its
            // line): the whole suite runs, and the output says why.
            try repo.git("checkout", "--", ".")
            try repo.write(
                "packages/lib/Sources/Lib/Text.swift",
                try String(contentsOfFile: repo.path("packages/lib/Sources/Lib/Text.swift"), encoding: .utf8)
                    .replacingOccurrences(of: "exclamations = 1", with: "exclamations = 2"))
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(
                rule(scope["packages/lib:LibTests"]).contains(
                    "Text.swift changes code outside a function body"))
            #expect(rule(scope["services/app:AppTests"]).contains("outside a function body"))

            // A new file, a manifest, a non-Swift file: whole suites.
            try repo.git("checkout", "--", ".")
            try repo.write("packages/lib/Sources/Lib/More.swift", "func more() -> Int { 1 }\n")
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]).contains("More.swift is new"))
            try repo.remove("packages/lib/Sources/Lib/More.swift")
            try repo.touch("packages/lib/Package.swift")
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]).hasPrefix("manifest-changed"))
            try repo.git("checkout", "--", ".")

            // A test without a map always runs (as one that failed when recorded is kept).
            let mapFile = map + "/packages-lib.impact.json"
            let original = try String(contentsOfFile: mapFile, encoding: .utf8)
            guard case .map(let recordedMap) = ImpactMap.load(package: "packages/lib", from: map) else {
                Issue.record("the recorded map does not load")
                return
            }
            var edited = recordedMap
            for index in edited.tests.indices where edited.tests[index].id.hasPrefix("LibTests.TextTests") {
                edited.tests[index].files = nil
                edited.tests[index].note = "failed when run alone (exit status 1)"
            }
            try edited.write(to: map)
            try repo.write(
                "packages/lib/Sources/Lib/Math.swift",
                "public func double(_ value: Int) -> Int {\n    value + value\n}\n")
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(
                testIDs(scope["packages/lib:LibTests"])
                    == [
                        "LibTests.MathXCTests/testDoubles", "LibTests.TextTests/shouts(text:)",
                        "LibTests.ToolXCTests/testTool",
                    ])
            // A new test file that only adds tests: they are new to the map and run; nothing else
            // changes. One that also extends a type may change what other tests call: whole suite.
            try repo.write(
                "packages/lib/Tests/LibTests/NewTests.swift",
                "import Lib\nimport Testing\n\n@Suite struct NewTests {\n    @Test func newOne() { #expect(double(1) == 2) }\n}\n"
            )
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]) == "", "\(scope)")
            #expect(testIDs(scope["packages/lib:LibTests"]).count == 3)
            try repo.write(
                "packages/lib/Tests/LibTests/NewTests.swift",
                "import Lib\n\nextension Int {\n    var twice: Int { self * 2 }\n}\n")
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]).contains("NewTests.swift is new"))
            try repo.remove("packages/lib/Tests/LibTests/NewTests.swift")

            // Maps that cannot answer: damaged, of another repository, stale. The other package's
            // map still answers.
            try "{ not json".write(toFile: mapFile, atomically: true, encoding: .utf8)
            let (_, _, damagedWarnings) = try testselect(["--base", "main", "--impact", map], in: repo)
            #expect(damagedWarnings.contains("impact map of 'packages/lib' not used"), "\(damagedWarnings)")
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]).contains("is not an impact map"))
            #expect(scope["services/app:AppTests"]?["skipped"]?.arrayValue?.count == 1)
            var foreign = recordedMap
            foreign.repository = [String(repeating: "0", count: 40)]
            try foreign.write(to: map)
            scope = try scopes(["--base", "main", "--impact", map], in: repo)
            #expect(rule(scope["packages/lib:LibTests"]) == "the map was recorded in another repository")
            try original.write(toFile: mapFile, atomically: true, encoding: .utf8)
            try repo.commitAll("a later commit")
            scope = try scopes(["--base", "main~1", "--impact", map, "--impact-max-age", "0"], in: repo)
            #expect(
                rule(scope["packages/lib:LibTests"]).contains("1 commits from the head, more than 0"),
                "\(scope)")
            let (badStatus, _, badErrors) = try testselect(["--impact-max-age", "3"], in: repo)
            #expect(badStatus == 64, "\(badErrors)")
            let (missingStatus, _, missingErrors) = try testselect(
                ["--base", "main~1", "--impact", repo.root + "/nowhere"], in: repo)
            #expect(missingStatus == 64 && missingErrors.contains("does not exist"), "\(missingErrors)")
        }
    }
}
