import Foundation
import TestSelectSupport

/// Results of `swift package dump-package`, kept as files under `.build/testselect/manifests/` so
/// that a manifest the static reader cannot read costs SwiftPM once, not on every run.
///
/// An entry is keyed by everything its answer depends on: the manifest's text and file name, where
/// it is (its directory and the repository's name, which `path: ".."` names), the toolchain
/// (`swift --version`) and the values of the environment variables the manifest names. Failures are
/// kept too. The key is stored in the entry and compared on reading, so a hash collision is a miss.
struct ManifestCache: Sendable {
    /// What an answer depends on.
    struct Key: Sendable, Hashable {
        var manifest: String
        var file: String
        var directory: String
        var repositoryName: String
        var toolchain: String
        var environment: [String]

        /// The key as one text (also its file name's source).
        var text: String {
            ([
                "testselect-manifest-cache/1", file, directory, repositoryName, toolchain,
                environment.joined(separator: "\u{1}"),
            ] + [manifest]).joined(separator: "\u{0}")
        }
    }

    let directory: String

    init(repositoryRoot: String) {
        directory = repositoryRoot + "/.build/testselect/manifests"
    }

    private func file(for key: Key) -> String {
        directory + "/" + ManifestCache.hexHash(key.text) + ".json"
    }

    /// The cached answer, decoded, or nil on a miss.
    func entry(for key: Key) -> Result<DeclaredPackage, DumpPackageFailure>? {
        guard let data = FileManager.default.contents(atPath: file(for: key)),
            let json = try? JSONValue.parse(String(decoding: data, as: UTF8.self)),
            json["key"]?.stringValue == key.text
        else { return nil }
        if let failure = json["failure"]?.stringValue {
            return .failure(DumpPackageFailure(message: failure))
        }
        guard let output = json["output"]?.stringValue, let directory = json["directory"]?.stringValue else {
            return nil
        }
        return DumpPackageReader.decode(output, packageDirectory: directory)
    }

    /// Stores an answer (best effort: a cache that cannot be written only costs time).
    func store(_ result: Result<(output: String, directory: String), DumpPackageFailure>, for key: Key) {
        var fields: [(String, JSONValue)] = [("key", .string(key.text))]
        switch result {
        case .success(let dump):
            fields += [("output", .string(dump.output)), ("directory", .string(dump.directory))]
        case .failure(let failure):
            fields.append(("failure", .string(failure.message)))
        }
        ManifestCache.write(Data(JSONValue.object(fields).serialized().utf8), to: file(for: key))
    }

    /// Writes a cache file atomically (a temporary file renamed into place), best effort: a cache
    /// that cannot be written only costs time.
    static func write(_ data: Data, to file: String) {
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = file + ".\(UUID().uuidString.prefix(8)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, file) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// `swift --version` of the toolchain `reader` runs, asked again only when that is another file:
    /// kept by the identity of the `swift` executable it resolves to (its real path, size and
    /// modification time, and those of the `swift-frontend` beside it, which prints the version)
    /// and of the variables and link that select a toolchain (`TOOLCHAINS`, `DEVELOPER_DIR`,
    /// `SDKROOT`, `xcode-select`'s link on macOS). A `swift` that cannot be found is asked directly.
    func toolchainVersion(of reader: DumpPackageReader) -> String {
        guard let identity = ManifestCache.executableIdentity(of: reader.swift) else {
            return reader.toolchainVersion()
        }
        let file = directory + "/toolchain-" + ManifestCache.hexHash(identity) + ".json"
        if let data = FileManager.default.contents(atPath: file),
            let json = try? JSONValue.parse(String(decoding: data, as: UTF8.self)),
            json["identity"]?.stringValue == identity, let version = json["version"]?.stringValue
        {
            return version
        }
        let version = reader.toolchainVersion()
        guard version != "unknown" else { return version }
        let text = JSONValue.object([("identity", .string(identity)), ("version", .string(version))])
            .serialized()
        ManifestCache.write(Data(text.utf8), to: file)
        return version
    }

    /// What identifies the toolchain a `swift` name or path runs, or nil when it cannot be found.
    static func executableIdentity(
        of swift: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let candidates: [String]
        if swift.contains("/") {
            candidates = [swift]
        } else {
            candidates = (environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" + swift }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        func stamp(_ path: String) -> String {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
                let size = attributes[.size] as? NSNumber,
                let modified = attributes[.modificationDate] as? Date
            else { return real + " -" }
            return "\(real) \(size) \(modified.timeIntervalSince1970)"
        }
        let real = URL(fileURLWithPath: found).resolvingSymlinksInPath()
        var parts = [
            stamp(found),
            stamp(real.deletingLastPathComponent().appendingPathComponent("swift-frontend").path),
        ]
        parts += ["TOOLCHAINS", "DEVELOPER_DIR", "SDKROOT"].map { "\($0)=\(environment[$0] ?? "")" }
        let selected = "/var/db/xcode_select_link"
        if FileManager.default.fileExists(atPath: selected) { parts.append(stamp(selected)) }
        return (["testselect-toolchain/1"] + parts).joined(separator: "\u{0}")
    }

    /// The values of the environment variables a manifest may read: every name-like string literal
    /// in it (`SWIFTCI_USE_LOCAL_DEPS`) that is set, as `NAME=value`, sorted.
    static func environmentValues(readBy manifest: String, in environment: [String: String]) -> [String] {
        StaticReadingCache.literalNames(in: manifest).sorted().compactMap { name in
            environment[name].map { "\(name)=\($0)" }
        }
    }

    /// A 64-bit FNV-1a hash as 16 hexadecimal digits (file names only; the key itself is compared).
    static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
