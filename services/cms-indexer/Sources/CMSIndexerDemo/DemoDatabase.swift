import CMSIndexer
import ESModels
import Foundation
import SQLiteKit

/// Writes a realistic demo CMS database: territories, languages, categories, ratings per
/// territory, movies, series with seasons and episodes, sport events, license windows in the
/// past, present and future, promos of every type, sports events over a date range and
/// home-screen rows (most showing now, a few that must not: see README.md).
///
/// The rows depend only on the options (seed and anchor), never on the machine or the clock.
/// ```swift
/// let summary = try DemoDatabase.write(
///     to: "cms.sqlite", options: DemoDatabaseOptions(assets: 5_000, seed: 7, anchor: anchor))
/// ```
public enum DemoDatabase {
    /// Writes a new database file (through a temporary file renamed at the end, so a failed
    /// run leaves nothing behind).
    ///
    /// - Throws: ``DemoDatabaseError/fileExists(_:)`` unless `replace` is set, SQLite errors.
    public static func write(
        to path: String, options: DemoDatabaseOptions, replace: Bool = false
    ) throws -> DemoDatabaseSummary {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: path), !replace { throw DemoDatabaseError.fileExists(path) }
        let temporary = "\(path).partial-\(ProcessInfo.processInfo.processIdentifier)"
        try? fileManager.removeItem(atPath: temporary)
        do {
            let summary: DemoDatabaseSummary
            do {
                let file = try SQLiteDatabase(path: temporary)
                // A fresh file nobody else reads yet: durability comes from the final rename.
                try file.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
                let db = SQLiteCMSConnection(file)
                try Migrator(migrations: CMSSchema.migrations).migrate(db, clock: .frozen(at: options.anchor))
                summary = try populate(db, options: options)
            }
            if fileManager.fileExists(atPath: path) { try fileManager.removeItem(atPath: path) }
            try fileManager.moveItem(atPath: temporary, toPath: path)
            return summary
        } catch {
            try? fileManager.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Fills a database anywhere: a SQLite file as ``write(to:options:replace:)`` does, or a
    /// PostgreSQL database, migrated first, in one transaction.
    ///
    /// A PostgreSQL database must hold no CMS rows yet unless `replace` is set, which empties
    /// every CMS table first (`TRUNCATE`, which change capture does not see: build the indices
    /// again with a full `index` afterwards).
    ///
    /// - Throws: ``DemoDatabaseError/fileExists(_:)``, ``DemoDatabaseError/databaseNotEmpty(_:assets:)``.
    public static func write(
        into location: CMSDatabaseLocation, options: DemoDatabaseOptions, replace: Bool = false
    ) throws -> DemoDatabaseSummary {
        guard case .postgres = location else {
            return try write(to: location.description, options: options, replace: replace)
        }
        let db = try CMSDatabase.openForWriting(location, clock: .frozen(at: options.anchor))
        let assets = try db.query("SELECT count(*) FROM assets") { try $0.int(0) }.first ?? 0
        if assets > 0, !replace {
            throw DemoDatabaseError.databaseNotEmpty(location.description, assets: assets)
        }
        let summary = try db.transaction {
            if replace {
                try db.execute("TRUNCATE \(CMSSchema.tables.joined(separator: ", ")) CASCADE")
            }
            return try fill(db, options: options)
        }
        // Freshly copied rows have no planner statistics and no visibility information yet: the
        // first reads would otherwise pay for both (and may get poor plans) until autovacuum
        // comes by.
        try db.execute("VACUUM ANALYZE \(CMSSchema.tables.joined(separator: ", "))")
        return summary
    }

    /// Fills an already migrated, empty database.
    public static func populate(_ db: any CMSConnection, options: DemoDatabaseOptions) throws
        -> DemoDatabaseSummary
    {
        try db.transaction { try fill(db, options: options) }
    }

    private static func fill(_ db: any CMSConnection, options: DemoDatabaseOptions) throws
        -> DemoDatabaseSummary
    {
        var generator = DemoGenerator(writer: DemoWriter(db: db), options: options)
        try generator.generate()
        try generator.writer.flush()
        // The demo is a starting point, not a change: a full index reads it all anyway.
        try db.execute("DELETE FROM \(ChangeCapture.table)")
        return DemoDatabaseSummary(rows: generator.writer.counts, assetTypes: generator.assetTypes)
    }
}

/// A problem writing the demo database.
public enum DemoDatabaseError: Error, CustomStringConvertible, Equatable {
    /// The output file exists.
    case fileExists(String)
    /// The PostgreSQL database already holds CMS rows.
    case databaseNotEmpty(String, assets: Int)

    public var description: String {
        switch self {
        case .fileExists(let path): "'\(path)' already exists; pass --force to replace it"
        case .databaseNotEmpty(let location, let assets):
            "the database '\(location)' already holds \(assets) assets; pass --force to empty it first"
        }
    }
}
