import Foundation

/// How to reach a PostgreSQL database: a connection string (a `postgres://` URL or libpq's
/// `key=value` list), the environment whose `PG*` variables fill what the string leaves out,
/// and the time limits that keep a dead or silent server from hanging the caller.
///
/// ```swift
/// let configuration = PostgresConfiguration(
///     "postgres://cms@127.0.0.1:5432/cms?sslmode=disable", environment: ProcessInfo.processInfo.environment)
/// let connection = try LibPQConnection(configuration: configuration)
/// ```
public struct PostgresConfiguration: Sendable, Equatable {
    /// The connection string as given (`postgres://` alone takes everything from `PG*`).
    public var connectionString: String
    /// Environment variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`,
    /// `PGSSLMODE`, `PGCONNECT_TIMEOUT`...) used for what the connection string does not set.
    public var environment: [String: String]
    /// Seconds to wait for a connection when neither the string (`connect_timeout`) nor
    /// `PGCONNECT_TIMEOUT` says.
    public var defaultConnectTimeout: Int
    /// How long a statement may run: sent as the session's `statement_timeout`, and, a little
    /// later, the client gives up and closes the connection (a server that stopped answering).
    public var queryTimeout: Duration
    /// The `application_name` the server shows in `pg_stat_activity`, unless the string sets one.
    public var applicationName: String

    /// Creates a configuration.
    public init(
        _ connectionString: String, environment: [String: String] = [:], defaultConnectTimeout: Int = 10,
        queryTimeout: Duration = .seconds(60), applicationName: String = "cms-indexer"
    ) {
        self.connectionString = connectionString
        self.environment = environment
        self.defaultConnectTimeout = defaultConnectTimeout
        self.queryTimeout = queryTimeout
        self.applicationName = applicationName
    }

    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`).
    public static func isConnectionURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The connection string without its password, for messages.
    public var redactedConnectionString: String {
        Self.redacted(connectionString)
    }

    /// A connection string with any password replaced by `***`, for messages.
    public static func redacted(_ text: String) -> String {
        var result = text
        if let scheme = result.range(of: "://"), let at = result[scheme.upperBound...].firstIndex(of: "@") {
            let authority = result[scheme.upperBound..<at]
            if let colon = authority.firstIndex(of: ":") {
                result.replaceSubrange(result.index(after: colon)..<at, with: "***")
            }
        }
        if let range = result.range(of: "password=") {
            let end =
                result[range.upperBound...].firstIndex(where: { $0 == " " || $0 == "&" }) ?? result.endIndex
            result.replaceSubrange(range.upperBound..<end, with: "***")
        }
        return result
    }
}
