import ESModels
import Foundation
import Synchronization

/// The synced copy of the index mappings, `packages/integration-fixtures/Mappings/<index>.json`:
/// the only source fixtures create indices from.
///
/// `cms-indexer mappings sync` writes the files from the indexer's index definitions and
/// cms-indexer's `MappingSyncTests` fail when they drift, so indices made from this copy have
/// the mapping production has.
///
/// ```swift
/// let definition = try FixtureMappings.shared.definition(for: .assetflat)
/// _ = try await backend.createIndex("assetflat", definition: definition)
/// ```
public final class FixtureMappings: Sendable {
    /// The copy's directory in this package, found from this source file's path, so it is
    /// right whichever package's build compiles this module.
    public static let packageDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Mappings
        .deletingLastPathComponent()  // IntegrationFixtures
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("Mappings", isDirectory: true)

    /// The copy in this package; parsed definitions are cached for the life of the process.
    public static let shared = FixtureMappings(directory: packageDirectory)

    /// The directory holding the `<index>.json` files.
    public let directory: URL

    private let cache = Mutex<[String: IndexDefinition]>([:])

    /// A copy in any directory (tests use temporary ones).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The indices the copy holds (file base names), sorted.
    ///
    /// - Throws: ``FixtureError/mappingUnreadable(file:reason:)`` when the directory cannot be
    ///   listed.
    public func indexNames() throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") }
                .map { String($0.dropLast(".json".count)) }
                .sorted()
        } catch {
            throw FixtureError.mappingUnreadable(
                file: directory.path, reason: "\(error.localizedDescription)")
        }
    }

    /// The path of an index's file.
    public func fileURL(for index: String) -> URL {
        directory.appendingPathComponent("\(index).json")
    }

    /// The create-index body (settings and mapping) of one of our indices.
    ///
    /// - Throws: ``FixtureError`` when the file is missing or invalid.
    public func definition(for index: IndexName) throws -> IndexDefinition {
        try definition(for: index.rawValue)
    }

    /// The create-index body (settings and mapping) of the index named `index`.
    ///
    /// - Throws: ``FixtureError/mappingMissing(index:directory:)`` when the copy has no such
    ///   file, ``FixtureError/mappingUnreadable(file:reason:)`` when it is not a valid body.
    public func definition(for index: String) throws -> IndexDefinition {
        if let cached = cache.withLock({ $0[index] }) { return cached }
        let file = fileURL(for: index)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw FixtureError.mappingMissing(index: index, directory: directory.path)
        }
        let definition: IndexDefinition
        do {
            definition = try IndexDefinition(jsonData: try Data(contentsOf: file))
        } catch let error as ElasticsearchError {
            throw FixtureError.mappingUnreadable(file: file.path, reason: "\(error.type): \(error.reason)")
        } catch {
            throw FixtureError.mappingUnreadable(file: file.path, reason: error.localizedDescription)
        }
        cache.withLock { $0[index] = definition }
        return definition
    }

    /// The mapping of the index named `index`.
    ///
    /// - Throws: the errors of ``definition(for:)-(String)``.
    public func mapping(for index: String) throws -> Mapping {
        try definition(for: index).mappings
    }

    /// Every definition in the copy, by index name.
    ///
    /// - Throws: the errors of ``indexNames()`` and ``definition(for:)-(String)``.
    public func definitions() throws -> [String: IndexDefinition] {
        var result: [String: IndexDefinition] = [:]
        for name in try indexNames() {
            result[name] = try definition(for: name)
        }
        return result
    }
}
