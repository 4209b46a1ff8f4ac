import Foundation
import TestSelectSupport

/// Suites that passed, by the fingerprint of their inputs: plain files in a directory CI can keep
/// with its cache action (`testselect run --cache DIR`).
///
/// `passed/<fingerprint>.json` says a suite passed with those inputs (and in which run);
/// `suites/<suite>.json` keeps the inputs of each suite's last pass, for `testselect explain`. Every
/// file is written to a temporary name and renamed, so concurrent runners sharing the directory
/// never read half a file; the oldest passes beyond `limit` are removed.
public struct ResultCache: Sendable {
    /// What the cache knows of one pass.
    public struct Pass: Sendable, Hashable {
        public var suite: String
        public var fingerprint: String
        /// The run it passed in (`GITHUB_RUN_ID`, else the time of that run).
        public var run: String
    }

    public let directory: String
    /// The most passes kept.
    public var limit: Int

    public init(directory: String, limit: Int = 20_000) {
        self.directory = directory
        self.limit = limit
    }

    /// The pass recorded for these inputs, if any.
    public func pass(for inputs: SuiteInputs) -> Pass? {
        let fingerprint = inputs.fingerprint
        guard let json = read(directory + "/passed/" + fingerprint + ".json"),
            json["fingerprint"]?.stringValue == fingerprint, let suite = json["suite"]?.stringValue,
            let run = json["run"]?.stringValue
        else { return nil }
        return Pass(suite: suite, fingerprint: fingerprint, run: run)
    }

    /// The inputs of a suite's last recorded pass.
    public func lastPassingInputs(of suite: String) -> (inputs: SuiteInputs, run: String)? {
        guard let json = read(directory + "/suites/" + ResultCache.fileName(suite) + ".json"),
            case .object(let entries)? = json["inputs"], let run = json["run"]?.stringValue
        else { return nil }
        var values: [String: String] = [:]
        for (key, value) in entries { values[key] = value.stringValue }
        return (SuiteInputs(values: values), run)
    }

    /// Records that a suite passed with these inputs.
    public func record(suite: String, inputs: SuiteInputs, run: String) throws {
        let fingerprint = inputs.fingerprint
        let pass = JSONValue.object([
            ("schema", .string("testselect-result-cache/1")), ("suite", .string(suite)),
            ("fingerprint", .string(fingerprint)), ("run", .string(run)),
        ])
        try write(pass.serialized() + "\n", to: directory + "/passed/" + fingerprint + ".json")
        let last = JSONValue.object([
            ("schema", .string("testselect-result-cache/1")), ("suite", .string(suite)),
            ("fingerprint", .string(fingerprint)), ("run", .string(run)),
            (
                "inputs",
                .object(inputs.values.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
            ),
        ])
        try write(
            last.serialized() + "\n", to: directory + "/suites/" + ResultCache.fileName(suite) + ".json")
    }

    /// Removes the oldest passes beyond `limit`.
    public func prune() {
        let passed = directory + "/passed"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: passed), names.count > limit
        else {
            return
        }
        let dated = names.map { name -> (String, Date) in
            let attributes = try? FileManager.default.attributesOfItem(atPath: passed + "/" + name)
            return (name, attributes?[.modificationDate] as? Date ?? .distantPast)
        }.sorted { $0.1 < $1.1 }
        for (name, _) in dated.prefix(names.count - limit) {
            try? FileManager.default.removeItem(atPath: passed + "/" + name)
        }
    }

    /// A file name for a suite (`services/api:APITests` to a readable, unambiguous name).
    static func fileName(_ suite: String) -> String {
        let readable = String(
            suite.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                    ? Character(scalar) : "_"
            }.prefix(80))
        return readable + "-" + String(SHA256.hex(suite).prefix(12))
    }

    private func read(_ path: String) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONValue.parse(String(decoding: data, as: UTF8.self))
    }

    private func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary =
            path + ".\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw RunError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
