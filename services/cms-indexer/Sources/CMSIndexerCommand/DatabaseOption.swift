import CLIKit
import CMSIndexer
import Foundation
import PostgresKit

/// `--db PATH|URL`, shared by the commands that read or write the CMS database.
struct DatabaseOption: ArgumentGroup {
    /// The database as given: a path or a PostgreSQL URL.
    @Option var database: String

    /// The option, required, with its help (by default, the forms it accepts).
    init(help: String = "The CMS database: \(DatabaseOption.forms).") {
        _database = Option("--db", value: "path|url", help: help)
    }

    /// The help text's common part.
    static let forms =
        "a SQLite file, or postgres://user[:password]@host[:port]/dbname[?sslmode=...] (PG* variables fill what the URL leaves out)"

    /// Checks the value before anything runs.
    func validate() throws(UsageError) {
        try Self.validate(database)
    }

    /// Checks a URL before anything runs.
    static func validate(_ text: String, environment: [String: String] = [:]) throws(UsageError) {
        guard case .postgres(let configuration) = CMSDatabaseLocation(text, environment: environment) else {
            return
        }
        do {
            try configuration.validate()
        } catch {
            var message = "\(error)"
            if case .invalidConnectionString(_, let reason) = error { message = reason }
            throw .invalidValue(
                option: "--db", value: configuration.redactedConnectionString,
                expected: "a PostgreSQL URL such as postgres://cms@127.0.0.1:5432/cms (\(message))")
        }
    }
}

extension CommandContext {
    /// The database a `--db` value names: a path resolved against the working directory, or a
    /// PostgreSQL URL completed by this context's `PG*` variables.
    func databaseLocation(_ text: String) -> CMSDatabaseLocation {
        switch CMSDatabaseLocation(text, environment: environment) {
        case .sqlite: .sqlite(path: resolve(text).path)
        case let location: location
        }
    }

    /// The location of `--db` for a command that reads an existing CMS database.
    ///
    /// - Throws: `UsageError` when it names a SQLite file that does not exist.
    func existingDatabaseLocation(_ text: String) throws -> CMSDatabaseLocation {
        let location = databaseLocation(text)
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw UsageError.invalidValue(
                option: "--db", value: path, expected: "an existing CMS database file")
        }
        return location
    }
}
