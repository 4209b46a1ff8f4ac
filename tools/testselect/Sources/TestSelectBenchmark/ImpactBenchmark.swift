import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// `testselect-bench impact <clone>`: proof on mutations that impact selection misses no failing test.
///
/// In a clean clone with an impact map recorded at its HEAD, each of `count` seeded mutations (flip a
/// comparison, change an integer constant, negate a boolean, swap `&&` and `||`, drop a call) is
/// written into a function body of a source file, then:
/// 1. `testselect --base HEAD --impact MAP --format json` gives the suites selected as today and,
///    inside each, the impact selection;
/// 2. each selected suite runs in full (`PackageTestRunner`, as `testselect run` runs it): its
///    failing tests are the truth (a mutation that does not build is dropped);
/// 3. a failing test the impact selection leaves out is a miss.
/// With `packages`, only those packages' sources are mutated and only their suites are measured
/// (suites of other packages a mutation selects are neither run nor counted).
/// The file is restored after each mutation. The run ends with one machine-readable line:
/// `bench-impact mutations=N built=B killed=K misses=M suite_tests=S impact_tests=I ratio=R`.
public struct ImpactBenchmark: Sendable {
    /// The `testselect` executable.
    public var testselect: String
    /// The clone (clean, with the map recorded at its HEAD).
    public var repository: String
    /// The impact map directory.
    public var map: String
    /// Mutations to try (each kept only if it builds).
    public var count: Int
    /// The seed choosing files, lines and operators.
    public var seed: UInt64
    /// Package directories whose sources are mutated (default: every package of the map).
    public var packages: [String]
    /// The `swift` that builds and runs the suites.
    public var swift = "swift"
    /// How long one package's tests may run under a mutation (one that makes a test hang is
    /// stopped; the tests still running count as failing).
    public var timeout: Duration = .seconds(600)
    /// Output lines.
    public var print: @Sendable (String) -> Void

    /// Creates a benchmark.
    public init(
        testselect: String, repository: String, map: String, count: Int, seed: UInt64, packages: [String],
        print: @escaping @Sendable (String) -> Void
    ) {
        self.testselect = testselect
        self.repository = repository
        self.map = map
        self.count = count
        self.seed = seed
        self.packages = packages
        self.print = print
    }

    /// One candidate mutation.
    public struct Mutation: Sendable, Hashable {
        /// Repository-relative file.
        public var file: String
        /// 1-based line.
        public var line: Int
        /// The operator's name.
        public var kind: String
        /// The line before and after.
        public var before: String
        public var after: String
    }

    /// What one mutation did.
    public struct Outcome: Sendable {
        var mutation: Mutation
        var built: Bool
        var failing: [String] = []
        var suiteTests = 0
        var impactTests = 0
        var missed: [String] = []
    }

    /// The mutation operators, in the order tried on a line: each rewrites the first match.
    static let operators: [(name: String, apply: @Sendable (String) -> String?)] = [
        (
            "flip-comparison",
            { line in
                for (from, to) in [
                    (" == ", " != "), (" != ", " == "), (" <= ", " > "), (" >= ", " < "), (" < ", " >= "),
                    (" > ", " <= "),
                ] where line.contains(from) {
                    return replacingFirst(from, with: to, in: line)
                }
                return nil
            }
        ),
        (
            "change-constant",
            { line in
                guard !line.contains("\""),
                    let range = line.range(of: #"(?<![\w.])\d+(?![\w.])"#, options: .regularExpression),
                    let value = Int(line[range])
                else { return nil }
                return line.replacingCharacters(in: range, with: String(value + 1))
            }
        ),
        (
            "negate-boolean",
            { line in
                if line.contains("true") { return replacingFirst("true", with: "false", in: line) }
                if line.contains("false") { return replacingFirst("false", with: "true", in: line) }
                return nil
            }
        ),
        (
            "swap-logic",
            { line in
                if line.contains(" && ") { return replacingFirst(" && ", with: " || ", in: line) }
                if line.contains(" || ") { return replacingFirst(" || ", with: " && ", in: line) }
                return nil
            }
        ),
        (
            "drop-call",
            { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasSuffix(")"), !trimmed.contains("{"), !trimmed.contains("}"),
                    ![
                        "return", "let", "var", "guard", "if", "case", "try", "throw", "await", "else",
                        "defer", "#",
                    ]
                    .contains(where: { trimmed.hasPrefix($0) }),
                    !trimmed.contains("=")
                else { return nil }
                return String(line.prefix { $0 == " " }) + "()"
            }
        ),
    ]

    static func replacingFirst(_ target: String, with replacement: String, in line: String) -> String {
        guard let range = line.range(of: target) else { return line }
        return line.replacingCharacters(in: range, with: replacement)
    }

    /// Every mutation the operators allow in the packages' library and executable sources, in a
    /// seeded order: testing libraries (`TimeKitTesting`, `CLIKitTesting`: products other packages'
    /// tests link) included; test targets, the root package's own test support and benchmarks not.
    public func candidates() throws -> [Mutation] {
        let listed = try run("git", ["ls-files", "-z", "--", "*.swift"]).split(separator: "\0").map(
            String.init)
        var files = listed.filter { path in
            path.contains("Sources/") && !path.contains("/Tests/") && !path.hasPrefix("Tests/")
                && !path.hasSuffix("Package.swift") && !path.contains("TestSupport")
                && !path.contains("Benchmark") && !path.contains("-bench")
                && (packages.isEmpty
                    || packages.contains {
                        $0 == "."
                            ? !path.hasPrefix("packages/") && !path.hasPrefix("services/")
                            : path.hasPrefix($0 + "/")
                    })
        }
        files.sort()
        var random = SplitMix64(seed: seed)
        var found: [Mutation] = []
        for file in files {
            guard let text = try? String(contentsOfFile: repository + "/" + file, encoding: .utf8),
                let body = SwiftBodyLines.lines(in: text)
            else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for number in body {
                let line = lines[number - 1]
                for (name, apply) in ImpactBenchmark.operators {
                    guard let mutated = apply(line), mutated != line else { continue }
                    found.append(Mutation(file: file, line: number, kind: name, before: line, after: mutated))
                    break
                }
            }
        }
        // One seeded pass spreads the sample over files: shuffle, then take round-robin by package.
        found.shuffle(using: &random)
        var byPackage: [String: [Mutation]] = [:]
        for mutation in found {
            byPackage[ImpactBenchmark.package(of: mutation.file), default: []].append(mutation)
        }
        var ordered: [Mutation] = []
        let keys = byPackage.keys.sorted()
        var round = 0
        while ordered.count < found.count {
            for key in keys where round < byPackage[key]!.count { ordered.append(byPackage[key]![round]) }
            round += 1
        }
        return ordered
    }

    static func package(of file: String) -> String {
        let parts = file.split(separator: "/")
        guard parts.count > 2, parts[0] == "packages" || parts[0] == "services" else { return "." }
        return parts[0] + "/" + parts[1]
    }

    /// Runs the benchmark; returns 0, or 1 when a failing test was missed.
    public func run() throws -> Int32 {
        let status = try run("git", ["status", "--porcelain", "--untracked-files=no"])
        guard status.isEmpty else {
            throw BenchmarkError.impact(
                "'\(repository)' has uncommitted changes; the benchmark needs a clean clone")
        }
        let pool = try candidates()
        print(
            "impact benchmark: \(pool.count) candidate mutations; trying until \(count) build (seed \(seed))")
        var outcomes: [Outcome] = []
        for mutation in pool where outcomes.filter(\.built).count < count {
            let outcome = try measure(mutation)
            outcomes.append(outcome)
            guard outcome.built else { continue }
            print(
                "mutation \(outcomes.filter(\.built).count): \(mutation.file):\(mutation.line) \(mutation.kind): "
                    + "failing \(outcome.failing.count), tests run suite-level \(outcome.suiteTests), impact \(outcome.impactTests)"
                    + (outcome.missed.isEmpty ? "" : ", MISSED \(outcome.missed.joined(separator: ", "))"))
            for test in outcome.failing.prefix(5) { print("  failing: \(test)") }
        }
        let built = outcomes.filter(\.built)
        let killed = built.filter { !$0.failing.isEmpty }.count
        let misses = built.reduce(0) { $0 + $1.missed.count }
        let suite = built.reduce(0) { $0 + $1.suiteTests }
        let impact = built.reduce(0) { $0 + $1.impactTests }
        let ratio = suite == 0 ? 0 : Double(impact) / Double(suite)
        print(
            "bench-impact mutations=\(built.count) tried=\(outcomes.count) killed=\(killed) misses=\(misses) "
                + "suite_tests=\(suite) impact_tests=\(impact) "
                + "mean_suite=\(String(format: "%.1f", Double(suite) / Double(max(1, built.count)))) "
                + "mean_impact=\(String(format: "%.1f", Double(impact) / Double(max(1, built.count)))) "
                + "ratio=\(String(format: "%.3f", ratio))")
        return misses == 0 ? 0 : 1
    }

    /// Applies one mutation, measures it, restores the file.
    func measure(_ mutation: Mutation) throws -> Outcome {
        let path = repository + "/" + mutation.file
        let original = try String(contentsOfFile: path, encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[mutation.line - 1] = mutation.after
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? original.write(toFile: path, atomically: false, encoding: .utf8) }
        var outcome = Outcome(mutation: mutation, built: false)

        // Suite-level selection and the impact scopes, in one call.
        let selection = try SystemProcessRunner().run(
            testselect, ["--base", "HEAD", "--impact", map, "--format", "json"], in: repository)
        guard selection.status == 0 else {
            throw BenchmarkError.impact("testselect --impact failed on \(mutation.file): \(selection.stderr)")
        }
        var suitesByPackage: [String: [String]] = [:]
        var skipped: [String: Set<String>] = [:]
        for suite in try JSONValue.parse(selection.stdoutText)["selected"]?.arrayValue ?? [] {
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue,
                measures(package)
            else { continue }
            suitesByPackage[package, default: []].append(target)
            skipped[package, default: []].formUnion(
                (suite["impact"]?["skipped"]?.arrayValue ?? []).compactMap(\.stringValue).map(
                    ImpactBenchmark.canonical))
        }

        // The truth: every selected suite of the measured packages, in full.
        let runner = PackageTestRunner(
            swift: swift, root: repository, logDirectory: repository + "/.build/testselect/impact-bench-logs",
            registry: ProcessRegistry(), clock: .continuous, testTimeout: timeout)
        try FileManager.default.createDirectory(
            atPath: runner.logDirectory, withIntermediateDirectories: true)
        for (package, suites) in suitesByPackage.sorted(by: { $0.key < $1.key }) {
            let result = runner.run(PackageJob(directory: package, suites: suites)) { _ in }
            guard result.outcome != .buildFailed else { return outcome }
            for test in result.tests {
                outcome.suiteTests += 1
                let left = skipped[package]?.contains(ImpactBenchmark.canonical(test.identifier)) == true
                if !left { outcome.impactTests += 1 }
                guard test.status == .failed else { continue }
                outcome.failing.append("\(package) \(test.identifier)")
                if left { outcome.missed.append("\(package) \(test.identifier)") }
            }
            if result.outcome == .crashed,
                result.tests.allSatisfy({
                    skipped[package]?.contains(ImpactBenchmark.canonical($0.identifier)) == true
                })
            {
                outcome.missed.append("\(package) (a crash, and the impact selection ran none of its tests)")
            }
        }
        outcome.built = true
        return outcome
    }

    /// A test's identifier with nested suites written one way (`swift test list` writes
    /// `Module.Outer/Inner/test()`, results `Module.Outer.Inner/test()`).
    static func canonical(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "/", with: ".")
    }

    /// The history table: for each of the `limit` commits after the map's commit that change Swift
    /// sources, the tests suite-level selection runs (every test the map lists for each selected suite
    /// of a measured package) against those the impact selection runs. One map serves every commit, so
    /// later commits show how an ageing map widens the selection. Nothing is built or run.
    public func history(limit: Int) throws -> Int32 {
        guard
            let first = try FileManager.default.contentsOfDirectory(atPath: map).sorted().first(where: {
                $0.hasSuffix(".impact.json")
            }),
            let document = try? JSONValue.parse(String(contentsOfFile: map + "/" + first, encoding: .utf8)),
            let commit = document["commit"]?.stringValue
        else { throw BenchmarkError.impact("'\(map)' holds no impact map") }
        let commits = try run("git", ["rev-list", "--reverse", "\(commit)..HEAD", "--", "*.swift"]).split(
            separator: "\n"
        ).map(String.init).prefix(limit)
        print(
            "impact history: \(commits.count) commits after the map's commit \(commit.prefix(10)) change Swift sources"
        )
        var suiteTotal = 0
        var impactTotal = 0
        var whole = 0
        for (number, revision) in commits.enumerated() {
            let output = try SystemProcessRunner().run(
                testselect,
                ["--base", revision + "~1", "--head", revision, "--impact", map, "--format", "json"],
                in: repository)
            guard output.status == 0 else {
                throw BenchmarkError.impact("testselect failed on \(revision): \(output.stderr)")
            }
            let tally = try count(output.stdoutText, maps: map)
            suiteTotal += tally.suite
            impactTotal += tally.impact
            whole += tally.rules.count
            print(tally.line(number: number + 1, revision: revision))
        }
        let ratio = suiteTotal == 0 ? 0 : Double(impactTotal) / Double(suiteTotal)
        print(
            "bench-impact-history commits=\(commits.count) suite_tests=\(suiteTotal) impact_tests=\(impactTotal) "
                + "whole_suites=\(whole) ratio=\(String(format: "%.3f", ratio))")
        return 0
    }

    /// The history table as CI would have it, a map recorded on each commit's parent: for each of
    /// the last `limit` commits of the clone's HEAD that change Swift sources and select a suite of a
    /// measured package, the clone checks out the parent, records the map of the packages involved
    /// (`impact record`, incremental builds from one commit to the next), and compares the tests
    /// suite-level selection runs with those the impact selection runs. The clone is left at its HEAD.
    public func historyPerCommit(limit: Int, scratch: String) throws -> Int32 {
        let original = try run("git", ["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? run("git", ["checkout", "-q", "--detach", original]) }
        let commits = try run("git", ["rev-list", "HEAD", "--", "*.swift"]).split(separator: "\n").map(
            String.init
        )
        .prefix(limit).reversed()
        print(
            "impact history: the last \(commits.count) commits changing Swift sources, each with a map of its parent"
        )
        var suiteTotal = 0
        var impactTotal = 0
        var whole = 0
        var measured = 0
        for (number, revision) in commits.enumerated() {
            let plain = try SystemProcessRunner().run(
                testselect, ["--base", revision + "~1", "--head", revision, "--format", "json"],
                in: repository)
            let suites = (try? JSONValue.parse(plain.stdoutText)["selected"]?.arrayValue ?? []) ?? []
            let packagesHere = Set(suites.compactMap { $0["package"]?.stringValue }.filter(measures)).sorted()
            guard plain.status == 0, !packagesHere.isEmpty else {
                print("commit \(number + 1) \(revision.prefix(10)): selects no suite of a measured package")
                continue
            }
            let directory = scratch + "/" + revision
            _ = try run("git", ["checkout", "-q", "--detach", revision + "~1"])
            let recorded = try SystemProcessRunner().run(
                testselect,
                [
                    "impact", "record", "--packages", packagesHere.joined(separator: ","), "--output",
                    directory,
                ],
                in: repository)
            _ = try run("git", ["checkout", "-q", "--detach", original])
            guard recorded.status == 0 else {
                print(
                    "commit \(number + 1) \(revision.prefix(10)): the parent's map could not be recorded: \(recorded.stderr.suffix(300))"
                )
                continue
            }
            let output = try SystemProcessRunner().run(
                testselect,
                ["--base", revision + "~1", "--head", revision, "--impact", directory, "--format", "json"],
                in: repository)
            guard output.status == 0 else {
                throw BenchmarkError.impact("testselect failed on \(revision): \(output.stderr)")
            }
            measured += 1
            let tally = try count(output.stdoutText, maps: directory)
            suiteTotal += tally.suite
            impactTotal += tally.impact
            whole += tally.rules.count
            print(tally.line(number: number + 1, revision: revision))
        }
        let ratio = suiteTotal == 0 ? 0 : Double(impactTotal) / Double(suiteTotal)
        print(
            "bench-impact-history commits=\(commits.count) measured=\(measured) suite_tests=\(suiteTotal) "
                + "impact_tests=\(impactTotal) whole_suites=\(whole) ratio=\(String(format: "%.3f", ratio))")
        return 0
    }

    /// One commit's figures for the history table.
    struct Tally {
        var suite = 0
        var impact = 0
        /// The rules that ran measured suites whole.
        var rules: [String] = []

        func line(number: Int, revision: String) -> String {
            "commit \(number) \(revision.prefix(10)): tests run suite-level \(suite), impact \(impact)"
                + (rules.isEmpty ? "" : " (whole: \(rules.prefix(2).joined(separator: "; ")))")
        }
    }

    /// The tests a `--impact --format json` selection runs in measured packages, at suite level
    /// (every test the maps list for each selected suite) and with the maps.
    func count(_ json: String, maps: String) throws -> Tally {
        var tally = Tally()
        for suite in try JSONValue.parse(json)["selected"]?.arrayValue ?? [] {
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue,
                measures(package), let impact = suite["impact"]
            else { continue }
            let listed = try listedTests(package: package, target: target, in: maps)
            tally.suite += listed
            if let rule = impact["whole_suite"]?.stringValue {
                tally.impact += listed
                tally.rules.append("\(target): \(rule)")
            } else {
                tally.impact += max(0, listed - (impact["skipped"]?.arrayValue?.count ?? 0))
            }
        }
        return tally
    }

    /// How many tests the map lists for a suite.
    private func listedTests(package: String, target: String, in directory: String? = nil) throws -> Int {
        guard case .map(let loaded) = ImpactMap.load(package: package, from: directory ?? map) else {
            return 0
        }
        return loaded.tests.filter {
            ModuleName.matches(module: String($0.id.prefix { $0 != "." }), target: target)
        }.count
    }

    /// Whether a package's suites are measured (all, without `--packages`).
    func measures(_ package: String) -> Bool {
        packages.isEmpty || packages.contains(package)
    }

    private func run(_ command: String, _ arguments: [String]) throws -> String {
        let output = try SystemProcessRunner().run(command, arguments, in: repository)
        guard output.status == 0 else {
            throw BenchmarkError.impact(
                "\(command) \(arguments.joined(separator: " ")) failed: \(output.stderr)")
        }
        return output.stdoutText
    }
}

// The synthetic monorepo's generator, as a `RandomNumberGenerator` for `shuffle(using:)`.
extension SplitMix64: RandomNumberGenerator {}
