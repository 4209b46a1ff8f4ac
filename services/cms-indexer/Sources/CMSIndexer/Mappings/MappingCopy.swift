import ESModels
import Foundation

/// The synced copy of the index definitions: one canonical JSON file per index in
/// `packages/integration-fixtures/Mappings/<index>.json`, each the exact create-index body
/// the indexer uses (`{"mappings": ..., "settings": ...}`).
///
/// ```swift
/// let copy = try MappingCopy(repositoryRoot: RepositoryRoot.locate(startingAt: here))
/// let report = try copy.sync()          // rewrite the copy
/// let result = copy.check()             // compare; result.exitCode is 0, 1 (drift) or 2 (error)
/// ```
public struct MappingCopy: Sendable {
    /// The copy's directory relative to the repository root.
    public static let relativeDirectory = "packages/integration-fixtures/Mappings"

    /// The command that rewrites the copy, as printed in reports.
    public static let syncCommand = "swift run --package-path services/cms-indexer cms-indexer mappings sync"

    /// The directory holding the files.
    public var directory: URL
    /// How paths are shown in reports (relative to the repository root when known).
    public var displayDirectory: String
    /// The definitions the copy must match, by index name (the file's base name).
    public var definitions: [String: IndexDefinition]

    /// The copy of a repository, against the indexer's definitions.
    public init(
        repositoryRoot: URL,
        definitions: [String: IndexDefinition] = MappingCopy.indexerDefinitions
    ) {
        self.directory = repositoryRoot.appendingPathComponent(Self.relativeDirectory, isDirectory: true)
        self.displayDirectory = Self.relativeDirectory
        self.definitions = definitions
    }

    /// A copy in any directory (tests use temporary ones).
    public init(directory: URL, definitions: [String: IndexDefinition]) {
        self.directory = directory
        self.displayDirectory = directory.path
        self.definitions = definitions
    }

    /// The indexer's definitions, by index name.
    public static var indexerDefinitions: [String: IndexDefinition] {
        Dictionary(uniqueKeysWithValues: CMSIndices.all.map { ($0.key.rawValue, $0.value) })
    }

    /// The file name of an index's copy.
    public static func fileName(for index: String) -> String { "\(index).json" }

    /// What each file must contain, by file name.
    public var expectedFiles: [String: String] {
        Dictionary(
            uniqueKeysWithValues: definitions.map { (Self.fileName(for: $0.key), $0.value.canonicalJSON) })
    }

    /// The path of a file as reports show it.
    public func displayPath(of fileName: String) -> String {
        "\(displayDirectory)/\(fileName)"
    }

    /// The `.json` files present in the directory, sorted; empty when the directory does not exist.
    ///
    /// - Throws: ``MappingCopyError/cannotList(directory:reason:)`` when it exists but cannot be listed.
    func presentFiles() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            return []
        }
        guard isDirectory.boolValue else {
            throw MappingCopyError.cannotList(
                directory: displayDirectory, reason: "it is a file, not a directory")
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw MappingCopyError.cannotList(directory: displayDirectory, reason: error.localizedDescription)
        }
    }
}
