import Foundation
import PostgresKit

/// Where the CMS database is: a SQLite file, or a PostgreSQL database named by a URL (with
/// `PG*` environment variables for what the URL leaves out).
///
/// ```swift
/// let location = CMSDatabaseLocation("postgres://cms@127.0.0.1:5432/cms", environment: environment)
/// let file = CMSDatabaseLocation("cms.sqlite")
/// ```
public enum CMSDatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresConfiguration)

    /// Reads a `--db` value: a `postgres://` (or `postgresql://`) URL, otherwise a file path.
    public init(_ text: String, environment: [String: String] = [:]) {
        if PostgresConfiguration.isConnectionURL(text) {
            self = .postgres(PostgresConfiguration(text, environment: environment))
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The path or URL for messages and commands to copy (never a password).
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let configuration): configuration.redactedConnectionString
        }
    }

    /// Which database this is.
    public var dialect: SQLDialect {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }
}
