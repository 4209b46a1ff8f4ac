import Foundation
import TestSelectSupport

/// The steps of one package's job, for progress displays.
public enum PackagePhase: String, Sendable, Hashable {
    /// `swift build --build-tests`.
    case building
    /// `swift test list`.
    case listing
    /// `swift test --skip-build`.
    case testing
    /// `swift test --skip-build --filter` over the tests that failed (`--retries`).
    case retrying
}

/// Builds one package's tests once and runs the selected test targets:
///
/// 1. `swift build --build-tests --package-path DIR`
/// 2. `swift test list --skip-build` (which tests the selected targets hold; it names the module of
///    each XCTest class, which Linux XCTest output leaves out)
/// 3. `swift test --skip-build --filter '^(A|B)\.' --experimental-event-stream-output EVENTS`
///
/// With `retries`, the tests that failed run again, alone (`--filter` naming each), up to that many
/// times: one that then passes is flaky (`TestCaseResult.isFlaky`), and the package passes when no
/// other failure is left. Quarantined tests (`.testselect.json`) run and are reported, and their
/// failures do not fail the package.
///
/// Everything they print goes to `LOGS/<package>.log`. Counts come from Swift Testing's event stream
/// (JSON lines) and XCTest's `Test Case` lines, so a crash still tells which test died and what ran.
public struct PackageTestRunner: Sendable {
    /// The `swift` executable.
    public var swift: String
    /// The repository root (absolute).
    public var root: String
    /// Where logs go (absolute).
    public var logDirectory: String
    /// The running processes, for cancellation.
    public var registry: ProcessRegistry
    /// What times `testTimeout` (the executable passes `.continuous`; tests a manual clock).
    public var clock: MonotonicClock
    /// How long a package's test step may run before it is stopped (nil: no limit). Builds have no
    /// limit.
    public var testTimeout: Duration?
    /// How many times failing tests run again (`--retries`; 0: never).
    public var retries: Int
    /// The tests whose failures do not fail the run.
    public var quarantine: Quarantine
    /// Where `.build` directories are restored from before a build and saved to after one that
    /// succeeded (`--build-cache`).
    public var buildCache: BuildCache?

    /// Creates a runner.
    public init(
        swift: String, root: String, logDirectory: String, registry: ProcessRegistry, clock: MonotonicClock,
        testTimeout: Duration? = nil, retries: Int = 0, quarantine: Quarantine = Quarantine(),
        buildCache: BuildCache? = nil
    ) {
        self.swift = swift
        self.root = root
        self.logDirectory = logDirectory
        self.registry = registry
        self.clock = clock
        self.testTimeout = testTimeout
        self.retries = retries
        self.quarantine = quarantine
        self.buildCache = buildCache
    }

    /// The log file of a job.
    public func logPath(for job: PackageJob) -> String {
        logDirectory + "/" + job.slug + ".log"
    }

    /// Runs a job, reporting each phase as it starts.
    public func run(_ job: PackageJob, phase: (PackagePhase) -> Void) -> PackageRunResult {
        let log = logPath(for: job)
        let events = eventsPath(for: job, attempt: 1)
        let listing = logDirectory + "/" + job.slug + ".list.txt"
        let retryEvents = (0..<retries).map { eventsPath(for: job, attempt: $0 + 2) }
        for path in [log, events, listing] + retryEvents { try? FileManager.default.removeItem(atPath: path) }
        let directory = job.directory == "." ? root : root + "/" + job.directory
        var result = PackageRunResult(job: job, outcome: .buildFailed, logPath: log)

        phase(.building)
        if let buildCache, !registry.isCancelled {
            let restored = buildCache.restore(package: job.directory)
            append(restored + "\n", to: log)
            result.buildCache = restored
        }
        let build = step(["build", "--build-tests", "--package-path", directory], log: log)
        switch build {
        case .cancelled:
            result.outcome = .cancelled
            return result
        case .failedToStart(let reason):
            result.note = reason
            return result
        case .exited(let exit), .timedOut(let exit):
            result.buildSeconds = (exit.seconds * 1000).rounded() / 1000
            guard exit.succeeded else {
                result.note = "'swift build --build-tests' exited with status \(exit.status)"
                return result
            }
            if let buildCache, !registry.isCancelled {
                let saved = buildCache.save(package: job.directory)
                append(saved + "\n", to: log)
                result.buildCache = [result.buildCache, saved].compactMap { $0 }.joined(separator: "; ")
            }
        }

        phase(.listing)
        var inventory: TestInventory? = nil
        if case .exited(let exit) = step(
            ["test", "list", "--skip-build", "--package-path", directory], log: listing, timeout: testTimeout),
            exit.succeeded
        {
            inventory = TestInventory(listing: (try? String(contentsOfFile: listing, encoding: .utf8)) ?? "")
        }
        let targets: [String]? = job.coversPackage ? nil : job.suites
        // The tests this step runs: those of the selected suites, less what an impact map leaves out.
        let skippedHere = Set(job.skipped)
        let expected = inventory.map { inventory in
            inventory.count(inTargets: targets) - inventory.identifiers.filter(skippedHere.contains).count
        }
        if let expected, expected <= 0, !registry.isCancelled {
            result.outcome = .passed
            result.testSeconds = 0
            result.note =
                job.skipped.isEmpty
                ? "no tests in the selected suites"
                : "the impact map leaves out every test of the selected suites"
            return result
        }

        phase(.testing)
        let offset = fileSize(log)
        var arguments = ["test", "--skip-build", "--package-path", directory]
        if let filter = job.filter { arguments += ["--filter", filter] }
        if let skip = job.skip { arguments += ["--skip", skip] }
        arguments += ["--experimental-event-stream-output", events]
        let test = step(arguments, log: log, timeout: testTimeout)
        let exit: ProcessExit
        var timedOut = false
        switch test {
        case .cancelled:
            result.outcome = .cancelled
            return result
        case .failedToStart(let reason):
            result.outcome = .testsFailed
            result.note = reason
            return result
        case .exited(let value):
            exit = value
        case .timedOut(let value):
            exit = value
            timedOut = true
        }
        result.testSeconds = (exit.seconds * 1000).rounded() / 1000
        result = interpret(
            exit, result: result, output: readText(log, from: offset), events: readText(events, from: 0),
            expected: expected, modules: inventory?.modulesByClass ?? [:])
        if timedOut, let limit = testTimeout {
            result.outcome = .timedOut
            result.note =
                "stopped after \(RunSummary.duration(PlainRunProgress.seconds(limit))) ('--timeout'); the tests still running are counted as failed"
            return quarantine.apply(to: result)
        }
        if retries > 0 {
            result = retryFailures(
                of: result, directory: directory, modules: inventory?.modulesByClass ?? [:], phase: phase)
        }
        return quarantine.apply(to: result)
    }

    /// Swift Testing's event stream of a test step: the first run's, then one per retry.
    private func eventsPath(for job: PackageJob, attempt: Int) -> String {
        logDirectory + "/" + job.slug + (attempt == 1 ? "" : ".retry\(attempt - 1)") + ".events.jsonl"
    }

    /// Runs the failed tests of `initial` again, each alone, up to `retries` times, and merges what
    /// they did into its results (`merging(_:into:)`). Stops early when nothing retryable still fails,
    /// on a cancel, or when a retry cannot run or times out (the failures then stand).
    private func retryFailures(
        of initial: PackageRunResult, directory: String, modules: [String: String],
        phase: (PackagePhase) -> Void
    ) -> PackageRunResult {
        var result = initial
        guard result.outcome == .testsFailed || result.outcome == .crashed else { return result }
        for attempt in 2...(retries + 1) {
            let failing = result.tests.filter { $0.status == .failed && $0.isRetryable }
            guard !failing.isEmpty, !registry.isCancelled else { break }
            phase(.retrying)
            let events = eventsPath(for: result.job, attempt: attempt)
            let offset = fileSize(result.logPath)
            let filter = failing.map { "(" + $0.filterPattern + ")" }.joined(separator: "|")
            let arguments = [
                "test", "--skip-build", "--package-path", directory, "--filter", filter,
                "--experimental-event-stream-output", events,
            ]
            guard case .exited(let exit) = step(arguments, log: result.logPath, timeout: testTimeout) else {
                break
            }
            result.testSeconds = ((result.testSeconds ?? 0) * 1000 + exit.seconds * 1000).rounded() / 1000
            let rerun = interpret(
                exit, result: result, output: readText(result.logPath, from: offset),
                events: readText(events, from: 0), expected: nil, modules: modules)
            result = PackageTestRunner.merging(rerun.tests, into: result)
        }
        return result
    }

    /// The result after a retry: each failed test the retry ran takes its new status, and keeps the
    /// message of its failure before in `earlierFailures`; a test the retry did not report stays as it
    /// was. The package passes when no failure is left and every listed test ran; a crash whose tests
    /// all ran and passed again is no longer a crash.
    public static func merging(_ rerun: [TestCaseResult], into initial: PackageRunResult) -> PackageRunResult
    {
        var result = initial
        let byIdentifier = Dictionary(
            rerun.filter(\.isRetryable).map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        for index in result.tests.indices where result.tests[index].status == .failed {
            let before = result.tests[index]
            guard before.isRetryable, let after = byIdentifier[before.identifier], after.status != .skipped
            else { continue }
            result.tests[index].status = after.status
            result.tests[index].message = after.message
            result.tests[index].seconds = after.seconds
            result.tests[index].earlierFailures.append(before.message ?? "failed")
        }
        let stillFailing = result.tests.contains { $0.status == .failed }
        if !stillFailing, result.testsNotRun == 0,
            result.outcome == .testsFailed || result.outcome == .crashed
        {
            result.outcome = .passed
            result.note = nil
        }
        return result
    }

    /// Turns the test step's exit, its output (the log from where the step started), Swift Testing's
    /// events and the number of tests `swift test list` expected into the package's result: a
    /// crash (a signal, or a test that started and never ended) is a failure that names the test; a
    /// non-zero exit without any failing test is a failure too.
    public func interpret(
        _ exit: ProcessExit, result initial: PackageRunResult, output: String, events: String, expected: Int?,
        modules: [String: String]
    ) -> PackageRunResult {
        var result = initial
        let xctest = XCTestLogParser.parse(output, modules: modules)
        let swiftTesting = SwiftTestingEventParser.parse(events)
        var tests = xctest.results + swiftTesting.results + swiftTesting.otherFailures
        let unfinished =
            [xctest.unfinished].compactMap { $0 } + PackageTestRunner.crashed(swiftTesting.unfinished)
        tests += unfinished
        // XCTest's "Executed 0 tests" of a package whose tests are all Swift Testing reads as if
        // nothing ran: it is left out of the summary (it stays in the log).
        let xctestLine =
            xctest.results.isEmpty && xctest.closingLine?.hasPrefix("Executed 0 tests") == true
            ? nil : xctest.closingLine
        result.closingLines = [xctestLine, swiftTesting.closingLine].compactMap { $0 }
        let signalled = output.contains("exited with unexpected signal code") || exit.signal != nil
        let crashed = !unfinished.isEmpty || signalled
        if crashed {
            result.outcome = .crashed
            if unfinished.isEmpty {
                tests.append(
                    TestCaseResult(
                        module: "", suite: "", name: "(test process)", status: .failed, seconds: 0,
                        message: "the test process crashed"))
            }
            if let expected { result.testsNotRun = max(0, expected - tests.count) }
            result.note =
                "the test process crashed"
                + (result.testsNotRun > 0 ? "; \(result.testsNotRun) tests never ran" : "")
        } else if !exit.succeeded, !tests.contains(where: { $0.status == .failed }) {
            result.outcome = .testsFailed
            tests.append(
                TestCaseResult(
                    module: "", suite: "", name: "(swift test)", status: .failed, seconds: 0,
                    message: "'swift test' exited with status \(exit.status) without reporting a failing test"
                ))
            result.note = "'swift test' exited with status \(exit.status) without reporting a failing test"
        } else {
            result.outcome = tests.contains { $0.status == .failed } ? .testsFailed : .passed
            if tests.isEmpty { result.note = "no tests in the selected suites" }
        }
        result.tests = tests
        return result
    }

    /// Swift Testing runs tests in parallel: when several were running as the process died, one
    /// failure stands for the crash and names them all.
    static func crashed(_ unfinished: [TestCaseResult]) -> [TestCaseResult] {
        guard unfinished.count > 1 else { return unfinished }
        let modules = Set(unfinished.map(\.module))
        return [
            TestCaseResult(
                module: modules.count == 1 ? unfinished[0].module : "", suite: "", name: "(crash)",
                status: .failed, seconds: 0,
                message: "the test process died while these tests were running: "
                    + unfinished.map(\.identifier).joined(separator: ", "))
        ]
    }

    private enum StepOutcome {
        case exited(ProcessExit)
        case timedOut(ProcessExit)
        case failedToStart(String)
        case cancelled
    }

    /// Runs `swift ARGUMENTS`, appending a `$ swift ...` header and its output to `log`; stops it
    /// after `timeout` when given.
    private func step(_ arguments: [String], log: String, timeout: Duration? = nil) -> StepOutcome {
        if registry.isCancelled { return .cancelled }
        let header = "$ " + ([swift] + arguments).map(CIFormatters.shellQuote).joined(separator: " ") + "\n"
        append(header, to: log)
        let process: LoggedProcess
        do {
            process = try LoggedProcess.launch(swift, arguments, output: log)
        } catch {
            append("\(error)\n", to: log)
            return .failedToStart("\(error)")
        }
        guard registry.add(process) else {
            _ = process.wait()
            return .cancelled
        }
        let timer = timeout.map { StepTimer(process: process, limit: $0, clock: clock) }
        let exit = process.wait()
        let expired = timer?.finish() ?? false
        registry.remove(process)
        if registry.isCancelled, !exit.succeeded { return .cancelled }
        return expired ? .timedOut(exit) : .exited(exit)
    }

    private func append(_ text: String, to path: String) {
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try? handle.close()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
    }

    private func fileSize(_ path: String) -> UInt64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    private func readText(_ path: String, from offset: UInt64) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        handle.seek(toFileOffset: offset)
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}
