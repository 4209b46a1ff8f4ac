import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `testselect run --retries` on a temporary repository whose tests fail on their first run and pass
/// after (each keeps a marker file in the repository): flaky tests are named in the table, the
/// closing line, JUnit (Surefire's `<flakyFailure>`), the JSON report and the flakes file; they pass
/// the run unless `--fail-on-flaky`; they never enter the result cache; a quarantined test's failure
/// does not fail the run.
@Suite(.serialized) struct RunRetriesEndToEndTests {
    /// A package of XCTest and Swift Testing tests: flaky ones (nested suite, parameterised, free
    /// function, XCTest method), steady ones and one that always fails (`broken`, when `failing`).
    static func files(markers: String, failing: Bool) -> [String: String] {
        [
            "pkg/Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "pkg",
                targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])]
            )
            """,
            "pkg/Sources/Lib/Lib.swift": "public func one() -> Int { 1 }\n",
            "pkg/Tests/LibTests/LibTests.swift": """
            import Foundation
            import Lib
            import Testing
            import XCTest

            /// True the first time a marker is asked for (the test then fails), false after.
            func firstTime(_ name: String) -> Bool {
                let directory = \(String(reflecting: markers))
                let path = directory + "/" + name
                if FileManager.default.fileExists(atPath: path) { return false }
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: path, contents: nil)
                return true
            }

            @Suite struct Outer {
                @Suite struct Inner {
                    @Test func flakyNested() { #expect(!firstTime("nested")) }
                }
                @Test(arguments: [1, 2]) func flakyParameterised(value: Int) { #expect(!firstTime("p\\(value)")) }
                @Test func steady() { #expect(one() == 1) }
            }

            @Test func flakyFree() { #expect(!firstTime("free")) }
            @Test func broken() { #expect(one() == \(failing ? 2 : 1)) }

            final class LibXCTests: XCTestCase {
                func testFlaky() { XCTAssertFalse(firstTime("xctest")) }
                func testSteady() { XCTAssertEqual(one(), 1) }
            }

            """,
        ]
    }

    func lastLine(_ text: String) -> String {
        String(text.split(separator: "\n").last ?? "")
    }

    @Test func aTestThatFailsOnceThenPassesIsFlakyEverywhereAndPassesTheRunUnlessAskedNotTo() throws {
        try withTemporaryRepository { repo in
            let markers = repo.path(".build/markers")
            try repo.write(RunRetriesEndToEndTests.files(markers: markers, failing: false))
            try repo.commitAll("a package with flaky tests")
            let junit = repo.path(".build/junit")
            let report = repo.path(".build/run.json")
            let cache = repo.path(".build/result-cache")

            // Without retries the flaky tests fail the run.
            let plain = try TestSelectBinary.run(["run", "--all"], in: repo.root)
            #expect(plain.status == 1, "\(plain.stdoutText)\n\(plain.stderr)")
            #expect(lastLine(plain.stdoutText) == "3 passed, 4 failed")

            try FileManager.default.removeItem(atPath: markers)
            let run = try TestSelectBinary.run(
                ["run", "--all", "--retries", "2", "--junit", junit, "--report", report, "--cache", cache],
                in: repo.root)
            let output = run.stdoutText
            #expect(run.status == 0, "\(output)\n\(run.stderr)")
            #expect(lastLine(output) == "3 passed, 0 failed, 4 flaky")
            let header = try #require(output.split(separator: "\n").first { $0.hasPrefix("package ") })
            #expect(header.split(separator: " ").contains("flaky"))
            let row = try #require(output.split(separator: "\n").first { $0.hasPrefix("pkg ") })
            #expect(row.hasSuffix("FLAKY"), "\(row)")
            #expect(output.contains("--- pkg: flaky tests (failed, then passed when run again) ---"))
            for test in [
                "LibTests.LibXCTests/testFlaky", "LibTests.flakyFree()", "LibTests.Outer.Inner/flakyNested()",
                "LibTests.Outer/flakyParameterised(value:)",
            ] {
                #expect(output.contains("  \(test): passed on run 2; first failure: "), "\(test)")
            }
            #expect(run.stderr.contains("==> pkg: running its failing tests again ('--retries')"))
            // Only the failing tests ran again: the retry's filter names each of them.
            let log = try String(contentsOfFile: repo.path(".build/testselect/logs/pkg.log"), encoding: .utf8)
            let retry = try #require(log.split(separator: "\n").first { $0.contains("--filter") })
            #expect(retry.contains("testFlaky$"))
            #expect(!retry.contains("steady") && !retry.contains("testSteady"))

            let counts = try JUnitCounts(path: junit + "/pkg.xml")
            #expect(counts.failures == 0)
            #expect(counts.tests == 7)
            #expect(counts.flakyFailures["testFlaky"] == 1)
            #expect(counts.flakyFailures["flakyFree()"] == 1)
            #expect(counts.flakyFailures.count == 4)

            let json = try JSONValue.parse(String(contentsOfFile: report, encoding: .utf8))
            #expect(json["flaky"] == .number(4))
            #expect(json["failed"] == .number(0))
            let tests = json["packages"]?.arrayValue?.first?["tests"]?.arrayValue ?? []
            let free = try #require(tests.first { $0["id"]?.stringValue == "LibTests.flakyFree()" })
            #expect(free["status"]?.stringValue == "flaky")
            #expect(free["runs"] == .number(2))

            let flakes = try TestSelectBinary.run(["flakes"], in: repo.root)
            #expect(flakes.status == 0)
            #expect(flakes.stdoutText.hasPrefix("4 flaky tests in .build/testselect/flakes.json:"))
            #expect(flakes.stdoutText.contains("  pkg:LibTests.flakyFree(): flaky in 1 run, last "))

            // The flaky suite never entered the result cache: it runs again, and flakes again; with
            // --fail-on-flaky that fails the run.
            try FileManager.default.removeItem(atPath: markers)
            let strict = try TestSelectBinary.run(
                ["run", "--all", "--retries", "1", "--fail-on-flaky", "--cache", cache], in: repo.root)
            #expect(strict.status == 1, "\(strict.stdoutText)\n\(strict.stderr)")
            #expect(!strict.stdoutText.contains("cached:"))
            #expect(lastLine(strict.stdoutText) == "3 passed, 0 failed, 4 flaky")
            #expect(strict.stderr.contains("flaky tests fail this run ('--fail-on-flaky')"))
            let again = try TestSelectBinary.run(["flakes", "--format", "json"], in: repo.root)
            let store = try JSONValue.parse(again.stdoutText)
            #expect(store["flakes"]?["pkg:LibTests.flakyFree()"]?["count"] == .number(2))
        }
    }

    @Test func aTestThatKeepsFailingFailsAfterItsRetriesUnlessQuarantined() throws {
        try withTemporaryRepository { repo in
            let markers = repo.path(".build/markers")
            try repo.write(RunRetriesEndToEndTests.files(markers: markers, failing: true))
            try repo.commitAll("a package with a broken test")
            let junit = repo.path(".build/junit")

            let run = try TestSelectBinary.run(
                ["run", "--all", "--retries", "2", "--junit", junit], in: repo.root)
            #expect(run.status == 1, "\(run.stdoutText)\n\(run.stderr)")
            #expect(lastLine(run.stdoutText) == "2 passed, 1 failed, 4 flaky")
            #expect(run.stdoutText.contains("  LibTests.broken() (failed all 3 runs): Expectation failed"))
            let counts = try JUnitCounts(path: junit + "/pkg.xml")
            #expect(counts.failures == 1)
            #expect(counts.rerunFailures["broken()"] == 2)

            // Quarantined: it still runs and is reported; the run passes.
            try repo.write(".testselect.json", #"{"quarantine": ["pkg:LibTests.broken()"]}"#)
            try repo.commitAll("quarantine the broken test")
            try FileManager.default.removeItem(atPath: markers)
            let quarantined = try TestSelectBinary.run(
                ["run", "--all", "--retries", "1", "--junit", junit], in: repo.root)
            #expect(quarantined.status == 0, "\(quarantined.stdoutText)\n\(quarantined.stderr)")
            #expect(lastLine(quarantined.stdoutText) == "2 passed, 0 failed, 4 flaky, 1 quarantined")
            #expect(
                quarantined.stdoutText.contains(
                    "--- pkg: quarantined tests that failed (.testselect.json; they do not fail the run) ---")
            )
            #expect(
                quarantined.stdoutText.contains("  LibTests.broken() (failed 2 runs): Expectation failed"))
            let quarantinedCounts = try JUnitCounts(path: junit + "/pkg.xml")
            #expect(quarantinedCounts.failures == 0)
            #expect(quarantinedCounts.skipped == 1)
        }
    }
}
