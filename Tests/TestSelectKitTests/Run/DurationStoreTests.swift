import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// The durations file: reading, writing, and what a run records.
@Suite struct DurationStoreTests {
    func result(
        _ directory: String, suites: [String], outcome: PackageRunResult.Outcome, build: Double?,
        tests: [TestCaseResult]
    ) -> PackageRunResult {
        PackageRunResult(
            job: PackageJob(directory: directory, suites: suites), outcome: outcome, tests: tests,
            buildSeconds: build, testSeconds: 1, logPath: "/dev/null")
    }

    func test(_ module: String, _ seconds: Double, _ status: TestCaseResult.Status = .passed)
        -> TestCaseResult
    {
        TestCaseResult(module: module, suite: "S", name: "t\(seconds)()", status: status, seconds: seconds)
    }

    @Test func aRunRecordsEachSuiteAndBuildAndKeepsTheRest() {
        var store = DurationStore(suites: ["p:Old": 9, "p:ATests": 100], builds: ["q": 7])
        store.record([
            result(
                "p", suites: ["ATests", "BTests", "EmptyTests"], outcome: .testsFailed, build: 40,
                tests: [test("ATests", 1.5), test("ATests", 0.25, .failed), test("BTests", 2)]),
            result("q", suites: ["QTests"], outcome: .buildFailed, build: 3, tests: []),
            result("r", suites: ["RTests"], outcome: .cancelled, build: 5, tests: []),
            result(
                "s", suites: ["*"], outcome: .passed, build: 8,
                tests: [test("S1Tests", 1), test("S2Tests", 2)]),
        ])
        #expect(
            store.suites == [
                "p:Old": 9, "p:ATests": 1.75, "p:BTests": 2, "p:EmptyTests": 0, "s:S1Tests": 1,
                "s:S2Tests": 2,
            ])
        #expect(store.builds == ["p": 40, "q": 3, "s": 8])
        #expect(store.medianSuiteSeconds == 1.875)
        #expect(store.medianBuildSeconds == 8)
    }

    @Test func theFileRoundTripsAndAMissingFileIsEmpty() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/cache/durations.json"
            #expect(try DurationStore.load(from: path) == DurationStore())
            let store = DurationStore(
                suites: ["services/c:CTests": 12.5, ".:RootTests": 0.125], builds: [".": 30])
            try store.save(to: path)
            #expect(try DurationStore.load(from: path) == store)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\"schema\": \"testselect-durations/1\""))
            #expect(
                text.range(of: ".:RootTests")!.lowerBound < text.range(of: "services/c:CTests")!.lowerBound)
        }
    }

    @Test func aDamagedFileIsAClearError() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/durations.json"
            try "{\"suites\": ".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: RunError.self) { try DurationStore.load(from: path) }
            try "{\"schema\": \"other/2\"}".write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try DurationStore.load(from: path)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)".contains("its 'schema' is not 'testselect-durations/1'"))
                #expect("\(error)".contains("delete it"))
            }
        }
    }
}
