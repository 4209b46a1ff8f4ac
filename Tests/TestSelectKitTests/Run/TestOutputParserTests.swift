import TestSelectKit
import TestSelectManifest
import Testing

/// The parsers of XCTest output, Swift Testing's event stream and `swift test list`, on recorded output.
@Suite struct TestOutputParserTests {
    let inventory = TestInventory(listing: RecordedTestOutput.listing)

    @Test func xctestLinuxOutputGetsItsModulesFromTheListing() {
        let report = XCTestLogParser.parse(RecordedTestOutput.xctestLinux, modules: inventory.modulesByClass)
        #expect(
            report.results.map(\.identifier) == [
                "MixedTests.MixedXCTests/testAdds", "MixedTests.MixedXCTests/testFails",
                "MixedTests.MixedXCTests/testSkips",
            ])
        #expect(report.results.map(\.status) == [.passed, .failed, .skipped])
        #expect(report.results[1].message == #"XCTAssertEqual failed: ("2") is not equal to ("3") - "#)
        #expect(report.results[2].message == "Test skipped - later")
        #expect(report.results[0].seconds == 0.001)
        #expect(report.unfinished == nil)
        #expect(
            report.closingLine
                == "Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.001 (0.001) seconds"
        )
    }

    @Test func xctestDarwinOutputNamesItsModules() {
        let report = XCTestLogParser.parse(RecordedTestOutput.xctestDarwin)
        #expect(
            report.results.map(\.identifier) == [
                "MixedTests.MixedXCTests/testAdds", "MixedTests.MixedXCTests/testFails",
            ])
        #expect(report.results[1].message == #"XCTAssertEqual failed: ("2") is not equal to ("3")"#)
        #expect(report.results[1].seconds == 0.002)
        #expect(report.closingLine?.hasPrefix("Executed 2 tests, with 1 failure") == true)
    }

    @Test func aCrashLeavesTheRunningTestUnfinished() {
        let report = XCTestLogParser.parse(RecordedTestOutput.xctestCrash, modules: inventory.modulesByClass)
        #expect(report.results.map(\.identifier) == ["CrashTests.CrashXC/testA"])
        let crashed = report.unfinished
        #expect(crashed?.identifier == "CrashTests.CrashXC/testCrash")
        #expect(crashed?.status == .failed)
        #expect(crashed?.message?.contains("Fatal error: boom") == true)
    }

    @Test func swiftTestingEventsCountFunctionsOnce() {
        let report = SwiftTestingEventParser.parse(RecordedTestOutput.swiftTestingEvents)
        let outcomes = Dictionary(uniqueKeysWithValues: report.results.map { ($0.identifier, $0.status) })
        #expect(
            outcomes == [
                "LibTests.AddTests/adds()": .passed, "LibTests.AddTests/fails()": .failed,
                "LibTests.AddTests/skipped()": .skipped, "LibTests.freeFunction()": .passed,
                "LibTests.Outer.Inner/param(value:)": .passed, "LibTests.Outer/known()": .passed,
            ])
        #expect(TestCounts(report.results) == TestCounts(passed: 4, failed: 1, skipped: 1))
        let failed = report.results.first { $0.status == .failed }
        #expect(failed?.message == "Expectation failed: (add(1, 2) → 3) == 4")
        #expect(failed?.module == "LibTests")
        #expect(failed?.suite == "AddTests")
        #expect(report.results.first { $0.status == .skipped }?.message == "not yet")
        #expect(report.results.allSatisfy { $0.seconds >= 0 && $0.seconds < 1 })
        #expect(report.runEnded)
        #expect(report.unfinished.isEmpty)
        #expect(report.closingLine?.hasPrefix("Test run with 6 tests in 3 suites failed") == true)
    }

    @Test func aTruncatedStreamNamesTheTestsThatNeverEnded() {
        let lines = RecordedTestOutput.swiftTestingEvents.split(separator: "\n")
        let cut =
            lines.prefix { !$0.contains(#""kind":"testEnded""#) }.joined(separator: "\n") + "\n{\"kind\":\"ev"
        let report = SwiftTestingEventParser.parse(cut)
        #expect(!report.runEnded)
        #expect(report.results.map(\.identifier) == ["LibTests.AddTests/skipped()"])
        #expect(
            Set(report.unfinished.map(\.identifier)) == [
                "LibTests.AddTests/adds()", "LibTests.AddTests/fails()", "LibTests.freeFunction()",
                "LibTests.Outer/known()",
            ])
        #expect(report.unfinished.allSatisfy { $0.status == .failed })
    }

    @Test func issueSeverityAndKnownIssuesDecideFailures() {
        let test =
            #"{"kind":"test","payload":{"id":"M.S/t()/F.swift:1:1","kind":"function","name":"t()"},"version":"6.3.0"}"#
        func run(issue: String) -> TestCaseResult.Status? {
            let events = [
                test,
                #"{"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"}}"#,
                #"{"kind":"event","payload":{"instant":{"absolute":1.5},"issue":"# + issue
                    + #","kind":"issueRecorded","messages":[{"symbol":"fail","text":"x"}],"testID":"M.S/t()/F.swift:1:1"}}"#,
                #"{"kind":"event","payload":{"instant":{"absolute":3},"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"}}"#,
            ]
            return SwiftTestingEventParser.parse(events.joined(separator: "\n")).results.first?.status
        }
        #expect(run(issue: #"{"isFailure":true,"isKnown":false,"severity":"error"}"#) == .failed)
        #expect(run(issue: #"{"isFailure":false,"isKnown":false,"severity":"warning"}"#) == .passed)
        #expect(run(issue: #"{"isKnown":true}"#) == .passed)
        #expect(run(issue: #"{"isKnown":false,"severity":"warning"}"#) == .passed)
        #expect(run(issue: #"{"isKnown":false}"#) == .failed)
    }

    @Test func theListingCountsTestsPerModule() {
        #expect(inventory.identifiers.count == 15)
        #expect(inventory.count(inTargets: ["LibTests"]) == 6)
        #expect(inventory.count(inTargets: ["MixedTests", "CrashTests"]) == 9)
        #expect(inventory.count(inTargets: ["EmptyTests"]) == 0)
        #expect(inventory.count(inTargets: nil) == 15)
        #expect(inventory.modulesByClass["MixedXCTests"] == "MixedTests")
        #expect(inventory.modulesByClass["CrashXC"] == "CrashTests")
        #expect(
            TestInventory(listing: "warning: something\n[0/1] Planning build\nA.b()\n").identifiers == [
                "A.b()"
            ])
    }

    @Test func identifiersMatchTheListing() {
        #expect(
            TestCaseResult(module: "M", suite: "", name: "free()", status: .passed, seconds: 0).identifier
                == "M.free()")
        #expect(
            TestCaseResult(module: "M", suite: "S", name: "t()", status: .passed, seconds: 0).identifier
                == "M.S/t()")
        #expect(
            TestCaseResult(module: "M", suite: "S", name: "t()", status: .passed, seconds: 0).className
                == "M.S")
    }
}
