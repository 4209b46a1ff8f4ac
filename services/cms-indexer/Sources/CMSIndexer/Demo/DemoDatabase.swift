import ESModels
import Foundation
import SQLiteKit

/// Writes a realistic demo CMS database: territories, languages, categories, ratings per
/// territory, movies, series with seasons and episodes, sport events, license windows in the
/// past, present and future, promos of every type and sports events over a date range.
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
                let db = try SQLiteDatabase(path: temporary)
                // A fresh file nobody else reads yet: durability comes from the final rename.
                try db.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
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

    /// Fills an already migrated, empty database.
    public static func populate(_ db: SQLiteDatabase, options: DemoDatabaseOptions) throws
        -> DemoDatabaseSummary
    {
        try db.transaction {
            var generator = DemoGenerator(writer: DemoWriter(db: db), options: options)
            try generator.generate()
            return DemoDatabaseSummary(rows: generator.writer.counts, assetTypes: generator.assetTypes)
        }
    }
}

/// A problem writing the demo database.
public enum DemoDatabaseError: Error, CustomStringConvertible, Equatable {
    /// The output file exists.
    case fileExists(String)

    public var description: String {
        switch self {
        case .fileExists(let path): "'\(path)' already exists; pass --force to replace it"
        }
    }
}
