import Foundation
import TestSelectSupport

/// What `testselect impact record` stores for one package: for each of its tests, the repository
/// files the test executed when it ran alone, at one commit, with one toolchain.
///
/// Kept as one JSON file per package (`<dir>/<package slug>.impact.json`), written atomically, so a
/// CI cache can keep the directory and a recording of some packages leaves the others' maps alone.
public struct ImpactMap: Codable, Sendable, Equatable {
    /// The format this build writes and reads.
    public static let currentFormat = "testselect-impact/1"

    /// One file some test executed: its path and its git blob id at `commit`.
    public struct File: Codable, Sendable, Equatable {
        /// Repository-relative path.
        public var path: String
        /// The blob id at the recorded commit (`git ls-tree`).
        public var blob: String

        /// Creates a file entry.
        public init(path: String, blob: String) {
            self.path = path
            self.blob = blob
        }
    }

    /// One test: its identifier as `swift test list` prints it, and the files it executed (indices
    /// into `files`), or nil when it has no map (it failed alone, or left no profile): such a test is
    /// always selected.
    public struct Test: Codable, Sendable, Equatable {
        /// `Module.Class/test` (XCTest) or `Module.Suite/test()` (Swift Testing).
        public var id: String
        /// Indices into `files`; nil: no map.
        public var files: [Int]?
        /// Why there is no map.
        public var note: String?

        /// Creates a test entry.
        public init(id: String, files: [Int]?, note: String? = nil) {
            self.id = id
            self.files = files
            self.note = note
        }
    }

    /// `currentFormat` when written by this build.
    public var format: String
    /// The repository's root commits (`git rev-list --max-parents=0 HEAD`): a map of another
    /// repository is never used.
    public var repository: [String]
    /// The commit recorded.
    public var commit: String
    /// The package directory (`.` for the root).
    public var package: String
    /// `swift --version` of the toolchain that built the tests.
    public var toolchain: String
    /// Operating system and architecture (`Linux-x86_64`).
    public var platform: String
    /// When the recording finished (ISO 8601).
    public var recordedAt: String
    /// How long the recording took, in seconds.
    public var seconds: Double
    /// Every file some test executed, sorted by path.
    public var files: [File]
    /// Every test of the package, sorted by identifier.
    public var tests: [Test]

    /// Creates a map.
    public init(
        format: String = ImpactMap.currentFormat, repository: [String], commit: String, package: String,
        toolchain: String, platform: String, recordedAt: String, seconds: Double, files: [File], tests: [Test]
    ) {
        self.format = format
        self.repository = repository
        self.commit = commit
        self.package = package
        self.toolchain = toolchain
        self.platform = platform
        self.recordedAt = recordedAt
        self.seconds = seconds
        self.files = files
        self.tests = tests
    }

    /// The file name of a package's map in a map directory.
    public static func fileName(package: String) -> String {
        (package == "." ? "root" : package.replacingOccurrences(of: "/", with: "-")) + ".impact.json"
    }

    /// The paths a test executed, or nil when it has no map.
    public func paths(of test: Test) -> [String]? {
        test.files.map { $0.compactMap { files.indices.contains($0) ? files[$0].path : nil } }
    }

    /// Writes the map into `directory` (created if needed): a temporary file, then a rename.
    public func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
        let path = directory + "/" + ImpactMap.fileName(package: package)
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ImpactError.cannotWrite(temporary)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ImpactError.cannotWrite("\(path): \(reason)")
        }
    }

    /// What a map directory holds for one package.
    public enum Loaded: Sendable, Equatable {
        /// No map of this package.
        case missing
        /// A map that cannot be used, and why (damaged, a newer format, another package's).
        case unusable(String)
        /// A map.
        case map(ImpactMap)
    }

    /// Reads the map of `package` from `directory`.
    public static func load(package: String, from directory: String) -> Loaded {
        let path = directory + "/" + fileName(package: package)
        guard let data = FileManager.default.contents(atPath: path) else { return .missing }
        let header = try? JSONDecoder().decode(Header.self, from: data)
        guard let header else { return .unusable("'\(path)' is not an impact map (damaged or not JSON)") }
        guard header.format == currentFormat else {
            return .unusable(
                "'\(path)' is in format '\(header.format)', which this testselect does not read (it reads '\(currentFormat)'): record it again, or update testselect"
            )
        }
        guard let map = try? JSONDecoder().decode(ImpactMap.self, from: data) else {
            return .unusable("'\(path)' is damaged (not a complete '\(currentFormat)' map)")
        }
        guard map.package == package else {
            return .unusable("'\(path)' holds the map of '\(map.package)', not of '\(package)'")
        }
        guard map.tests.allSatisfy({ ($0.files ?? []).allSatisfy(map.files.indices.contains) }) else {
            return .unusable("'\(path)' is damaged (a test names a file the map does not list)")
        }
        return .map(map)
    }

    private struct Header: Decodable {
        var format: String
    }
}

/// Why an impact map cannot be recorded or read.
public enum ImpactError: Error, CustomStringConvertible, BadInputError {
    /// A file could not be written.
    case cannotWrite(String)
    /// A tool the recording needs is missing.
    case missingTool(String)
    /// The repository is not a git repository.
    case needsGit(String)
    /// A package named on the command line is not one of the repository's.
    case unknownPackage(String, known: [String])
    /// The impact directory does not exist.
    case noMapDirectory(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path): return "cannot write '\(path)'"
        case .missingTool(let name):
            return
                "'\(name)' was not found beside 'swift' or on PATH; it ships with the Swift toolchain (set SWIFT_EXEC to the toolchain's swift)"
        case .needsGit(let root):
            return "'\(root)' is not a git repository: an impact map is keyed by commits"
        case .unknownPackage(let name, let known):
            return
                "'\(name)' is not a package directory of this repository (packages: \(known.joined(separator: ", ")))"
        case .noMapDirectory(let path):
            return
                "the impact map directory '\(path)' does not exist (record one with 'testselect impact record --output \(path)')"
        }
    }

    public var isBadInput: Bool {
        switch self {
        case .cannotWrite, .missingTool: return false
        case .needsGit, .unknownPackage, .noMapDirectory: return true
        }
    }
}
