import Foundation
import TestSelectSupport

/// The record of flaky tests: which tests failed and then passed when run again (`--retries`), how
/// often and when, kept beside the durations in `.build/testselect/flakes.json` (or `--flakes FILE`,
/// which CI can cache) and listed by `testselect flakes`, so a team can fix them or quarantine them.
///
/// ```json
/// {"schema":"testselect-flakes/1",
///  "flakes":{"packages/lib:LibTests.MathTests/doubles()":
///    {"package":"packages/lib","module":"LibTests","suite":"MathTests","name":"doubles()",
///     "count":2,"first":"2026-12-01T09:30:00Z","last":"2026-12-02T18:00:00Z","failure":"Expectation failed: ..."}}}
/// ```
public struct FlakeStore: Sendable, Equatable {
    /// The schema name written in the file.
    public static let schema = "testselect-flakes/1"
    /// How many tests the file keeps: beyond it, those seen longest ago are dropped.
    public static let limit = 2000

    /// One flaky test.
    public struct Flake: Sendable, Equatable {
        /// The package directory.
        public var package: String
        /// The test (its status and times are not kept).
        public var test: TestCaseResult
        /// How many runs found it flaky.
        public var count: Int
        /// When a run first found it flaky.
        public var first: Date
        /// When a run last found it flaky.
        public var last: Date
        /// Its first failure in that last run, on one line.
        public var failure: String
    }

    /// The flaky tests, by `<package dir>:<test identifier>`.
    public var flakes: [String: Flake]

    /// Creates a store.
    public init(flakes: [String: Flake] = [:]) {
        self.flakes = flakes
    }

    /// The key of a test of the package at `directory`.
    public static func key(package directory: String, test: TestCaseResult) -> String {
        "\(directory):\(test.identifier)"
    }

    /// Records the flaky tests of a run that ended at `date`; returns how many there were.
    @discardableResult
    public mutating func record(_ results: [PackageRunResult], at date: Date) -> Int {
        var recorded = 0
        for result in results {
            for test in result.tests where test.isFlaky {
                let key = FlakeStore.key(package: result.job.directory, test: test)
                let failure = String((test.earlierFailures.first ?? "failed").prefix(500))
                    .replacingOccurrences(of: "\n", with: " | ")
                let id = TestCaseResult(
                    module: test.module, suite: test.suite, name: test.name, status: .passed, seconds: 0)
                var flake =
                    flakes[key]
                    ?? Flake(
                        package: result.job.directory, test: id, count: 0, first: date, last: date,
                        failure: failure)
                flake.count += 1
                flake.last = date
                flake.failure = failure
                flakes[key] = flake
                recorded += 1
            }
        }
        if flakes.count > FlakeStore.limit {
            let kept = flakes.sorted {
                $0.value.last != $1.value.last ? $0.value.last > $1.value.last : $0.key < $1.key
            }
            .prefix(FlakeStore.limit)
            flakes = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        return recorded
    }

    /// The tests, most often flaky first (then most recent, then by name).
    public var ranked: [(test: String, flake: Flake)] {
        flakes.map { ($0.key, $0.value) }.sorted {
            if $0.flake.count != $1.flake.count { return $0.flake.count > $1.flake.count }
            if $0.flake.last != $1.flake.last { return $0.flake.last > $1.flake.last }
            return $0.test < $1.test
        }
    }
}

extension FlakeStore {
    /// The file a command uses: `--flakes FILE` (relative to the current directory), else
    /// `.build/testselect/flakes.json` in the repository.
    static func path(option: String?, root: String, context: CommandContext) -> String {
        option.map { Workspace.absolute($0, from: context.currentDirectory) }
            ?? root + "/.build/testselect/flakes.json"
    }

    /// Reads a flakes file; a missing file is an empty store.
    ///
    /// - Throws: `RunError.unreadableFlakes` when the file exists but is not a flakes file.
    public static func load(from path: String) throws -> FlakeStore {
        guard FileManager.default.fileExists(atPath: path) else { return FlakeStore() }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw RunError.unreadableFlakes(path: path, reason: "cannot read it")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw RunError.unreadableFlakes(path: path, reason: "\(error)")
        }
        guard json["schema"]?.stringValue == schema else {
            throw RunError.unreadableFlakes(path: path, reason: "its 'schema' is not '\(schema)'")
        }
        var store = FlakeStore()
        for (key, value) in json["flakes"]?.objectValue ?? [] {
            guard case .number(let count)? = value["count"], count >= 1,
                let first = value["first"]?.stringValue.flatMap(timestamp(parsing:)),
                let last = value["last"]?.stringValue.flatMap(timestamp(parsing:)),
                let package = value["package"]?.stringValue, let module = value["module"]?.stringValue,
                let suite = value["suite"]?.stringValue, let name = value["name"]?.stringValue
            else {
                throw RunError.unreadableFlakes(
                    path: path,
                    reason:
                        "the entry '\(key)' lacks one of 'package', 'module', 'suite', 'name', 'count', 'first', 'last'"
                )
            }
            let test = TestCaseResult(module: module, suite: suite, name: name, status: .passed, seconds: 0)
            store.flakes[key] = Flake(
                package: package, test: test, count: Int(count), first: first, last: last,
                failure: value["failure"]?.stringValue ?? "")
        }
        return store
    }

    /// The file's JSON text (keys sorted, so the file diffs well).
    public func serialized() -> String {
        let entries = flakes.sorted { $0.key < $1.key }.map { key, flake -> (String, JSONValue) in
            (
                key,
                .object([
                    ("package", .string(flake.package)), ("module", .string(flake.test.module)),
                    ("suite", .string(flake.test.suite)), ("name", .string(flake.test.name)),
                    ("count", .number(Double(flake.count))),
                    ("first", .string(FlakeStore.timestamp(flake.first))),
                    ("last", .string(FlakeStore.timestamp(flake.last))), ("failure", .string(flake.failure)),
                ])
            )
        }
        return JSONValue.object([("schema", .string(FlakeStore.schema)), ("flakes", .object(entries))])
            .serialized(pretty: true) + "\n"
    }

    /// Writes the file (atomically), creating its directory.
    public func save(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try serialized().write(to: url, atomically: true, encoding: .utf8)
        } catch {
            throw RunError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// `2026-12-02T18:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    static func timestamp(parsing text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}
