import CLIKitTesting
import CMSIndexer
import ESModels
import Foundation
import PostgresKit
import PostgresKitTesting

/// The databases a test can run on: a SQLite file in a temporary directory, or a fresh schema
/// on the shared throwaway PostgreSQL server (dropped afterwards).
///
/// ```swift
/// @Test(arguments: TestDatabase.available)
/// func readsTheSameOnBoth(_ database: TestDatabase) async throws {
///     try await database.withFixture(sql: CMSFixture.movieSQL("m-1")) { location in ... }
/// }
/// ```
public enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The databases this machine can run: PostgreSQL only when its server programs are installed
    /// (the skipped case is reported by a test of its own, with the reason).
    public static var available: [TestDatabase] {
        TemporaryPostgresServer.isAvailable ? [.sqlite, .postgres] : [.sqlite]
    }

    public var description: String { rawValue }

    /// Runs `body` with an empty database (no schema yet), removed afterwards.
    @discardableResult
    public func withEmptyDatabase<Result>(_ body: (CMSDatabaseLocation) async throws -> Result) async throws
        -> Result
    {
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { directory in
                try await body(.sqlite(path: directory.appendingPathComponent("cms.sqlite").path))
            }
        case .postgres:
            let server = try await TemporaryPostgresServer.shared()
            return try await server.withSchema { url in try await body(.postgres(PostgresConfiguration(url)))
            }
        }
    }

    /// Runs `body` with a migrated database holding ``CMSFixture/referenceSQL`` (unless
    /// `reference` is false), then `sql`.
    @discardableResult
    public func withFixture<Result>(
        reference: Bool = true, sql: String = "", _ body: (CMSDatabaseLocation) async throws -> Result
    ) async throws -> Result {
        try await withEmptyDatabase { location in
            try CMSFixture.fill(location, reference: reference, sql: sql)
            return try await body(location)
        }
    }
}

extension CMSDatabaseLocation {
    /// The `--db` argument naming this database.
    public var argument: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let configuration): configuration.connectionString
        }
    }
}
