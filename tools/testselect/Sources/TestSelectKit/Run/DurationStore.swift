import Foundation
import TestSelectManifest
import TestSelectSupport

/// Recorded durations: how long each suite's tests took and how long each package took to build,
/// kept in `.build/testselect/durations.json` (or `--durations FILE`, which CI can cache) and used to
/// balance shards and to start the longest packages first.
///
/// ```json
/// {"schema":"testselect-durations/1",
///  "suites":{"packages/es-models:ESModelsTests":3.25},
///  "builds":{"packages/es-models":48.5}}
/// ```
public struct DurationStore: Sendable, Equatable {
    /// The schema name written in the file.
    public static let schema = "testselect-durations/1"

    /// Seconds per suite, by `directory:Target`.
    public var suites: [String: Double]
    /// Seconds per package build (`swift build --build-tests`), by directory.
    public var builds: [String: Double]

    /// Creates a store.
    public init(suites: [String: Double] = [:], builds: [String: Double] = [:]) {
        self.suites = suites
        self.builds = builds
    }

    /// The key of a suite.
    public static func key(package: String, target: String) -> String {
        "\(package):\(target)"
    }

    /// The recorded seconds of a suite, if any.
    public func seconds(package: String, target: String) -> Double? {
        suites[DurationStore.key(package: package, target: target)]
    }

    /// The median of the recorded suite durations (nil when none is recorded).
    public var medianSuiteSeconds: Double? { DurationStore.median(Array(suites.values)) }

    /// The median of the recorded build durations (nil when none is recorded).
    public var medianBuildSeconds: Double? { DurationStore.median(Array(builds.values)) }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Records what a run measured: replaces the durations of the suites and builds it ran, keeps the rest.
    public mutating func record(_ results: [PackageRunResult]) {
        for result in results {
            if let build = result.buildSeconds, result.outcome != .cancelled {
                builds[result.job.directory] = build
            }
            guard result.ranTests else { continue }
            var perModule: [String: Double] = [:]
            for test in result.tests where !test.module.isEmpty {
                perModule[test.module, default: 0] += test.seconds
            }
            for target in result.suitesRun {
                let seconds = perModule.filter { ModuleName.matches(module: $0.key, target: target) }.values
                    .reduce(0, +)
                suites[DurationStore.key(package: result.job.directory, target: target)] =
                    (seconds * 1000).rounded() / 1000
            }
        }
    }
}

extension DurationStore {
    /// Reads a durations file; a missing file is an empty store.
    ///
    /// - Throws: `RunError.unreadableDurations` when the file exists but is not a durations file.
    public static func load(from path: String) throws -> DurationStore {
        guard FileManager.default.fileExists(atPath: path) else { return DurationStore() }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw RunError.unreadableDurations(path: path, reason: "cannot read it")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw RunError.unreadableDurations(path: path, reason: "\(error)")
        }
        guard json["schema"]?.stringValue == schema else {
            throw RunError.unreadableDurations(path: path, reason: "its 'schema' is not '\(schema)'")
        }
        return DurationStore(suites: numbers(json["suites"]), builds: numbers(json["builds"]))
    }

    private static func numbers(_ value: JSONValue?) -> [String: Double] {
        var result: [String: Double] = [:]
        for (key, member) in value?.objectValue ?? [] {
            if case .number(let seconds) = member, seconds >= 0 { result[key] = seconds }
        }
        return result
    }

    /// The file's JSON text (keys sorted, so the file diffs well).
    public func serialized() -> String {
        func object(_ values: [String: Double]) -> JSONValue {
            .object(values.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) })
        }
        return JSONValue.object([
            ("schema", .string(DurationStore.schema)), ("suites", object(suites)), ("builds", object(builds)),
        ]).serialized(pretty: true) + "\n"
    }

    /// Writes the file, creating its directory.
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
}
