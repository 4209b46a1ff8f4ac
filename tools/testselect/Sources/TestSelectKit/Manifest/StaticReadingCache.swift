import Foundation
import TestSelectSupport

/// Readings of the static reader, kept as files under `.build/testselect/manifests/` (beside the
/// `dump-package` answers), so that an unchanged manifest is not interpreted again on the next run:
/// a root manifest with many configurations (swift-package-manager's tries 128 before it falls
/// back) costs its reading once.
///
/// A reading is a function of the manifest's text, the reader's code and the host it ran on: the
/// toolchain deciding `#if swift(...)`, and the values of the environment variables the manifest
/// reads. So an entry is found by the SHA-256 of the text and the reader's identity (this
/// executable's size and modification time: a rebuilt testselect reads afresh), and it is used only
/// when the toolchain is the same and every environment variable it recorded (each one the reading
/// read, and each name-like string literal of the text) has the value it had then; otherwise it is
/// read again and replaced. Failures are kept too, so the fallback is chosen without a retry.
/// Damaged entries are misses. Writes are best effort and atomic (a file renamed into place).
struct StaticReadingCache: Sendable {
    /// What one entry holds.
    struct Entry: Codable {
        var format: Int
        var reader: String
        var toolchain: String
        var manifest: String
        /// `NAME` and its value then (nil: unset), for every variable the reading depends on.
        var environment: [Variable]
        var reading: StaticReading?
        var failure: String?

        struct Variable: Codable, Equatable {
            var name: String
            var value: String?
        }
    }

    static let format = 1

    let directory: String
    let reader: String

    /// A cache for a repository, or nil when the repository is not a directory on disk or this
    /// process cannot tell which reader it is.
    init?(repositoryRoot: String, reader: String? = StaticReadingCache.executableIdentity) {
        var isDirectory: ObjCBool = false
        guard let reader, FileManager.default.fileExists(atPath: repositoryRoot, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return nil }
        directory = repositoryRoot + "/.build/testselect/manifests"
        self.reader = reader
    }

    /// The identity of the running executable's code: its path, size and modification time.
    static let executableIdentity: String? = {
        guard let path = Bundle.main.executablePath,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return "\(path)\u{0}\(size)\u{0}\(modified.timeIntervalSince1970)"
    }()

    private func file(forDigest digest: String) -> String {
        directory + "/reading-" + digest + ".json"
    }

    /// The digest naming a manifest's entry.
    func digest(of text: String) -> String {
        SHA256.hex(reader + "\u{0}" + text)
    }

    /// The kept reading of a manifest with this digest and text, or nil on a miss.
    func reading(digest: String, text: String, host: HostContext) -> Result<StaticReading, StaticReadFailure>?
    {
        guard let data = FileManager.default.contents(atPath: file(forDigest: digest)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.format == StaticReadingCache.format, entry.reader == reader,
            entry.toolchain == host.toolchain.description, entry.manifest == digest
        else { return nil }
        for variable in entry.environment where host.environment[variable.name] != variable.value {
            return nil
        }
        if let reading = entry.reading { return .success(reading) }
        if let failure = entry.failure { return .failure(StaticReadFailure(reason: failure)) }
        return nil
    }

    /// Keeps a reading (best effort: a cache that cannot be written only costs time).
    func store(
        _ result: Result<StaticReading, StaticReadFailure>, digest: String, text: String, host: HostContext
    ) {
        var names = StaticReadingCache.literalNames(in: text)
        if case .success(let reading) = result { names.formUnion(reading.environmentReads) }
        var entry = Entry(
            format: StaticReadingCache.format, reader: reader, toolchain: host.toolchain.description,
            manifest: digest,
            environment: names.sorted().map { Entry.Variable(name: $0, value: host.environment[$0]) })
        switch result {
        case .success(let reading): entry.reading = reading
        case .failure(let failure): entry.failure = failure.reason
        }
        guard let data = try? JSONEncoder().encode(entry) else { return }
        ManifestCache.write(data, to: file(forDigest: digest))
    }

    /// Every name-like string literal of a manifest (`"SWIFTCI_USE_LOCAL_DEPS"`): the environment
    /// variables it may read, whatever the reading recorded.
    static func literalNames(in manifest: String) -> Set<String> {
        var names: Set<String> = []
        var current = ""
        var inString = false
        for character in manifest {
            if character == "\"" {
                if inString, current.count >= 2, current.first?.isLetter == true,
                    current.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
                {
                    names.insert(current)
                }
                inString.toggle()
                current = ""
            } else if inString {
                current.append(character)
            }
        }
        return names
    }
}
