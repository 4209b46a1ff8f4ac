import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

/// A fresh database on the shared test server, and a connection to it.
func withConnection<Result>(
    queryTimeout: Duration = .seconds(30), _ body: (LibPQConnection, String) async throws -> Result
) async throws -> Result {
    let server = try await TemporaryPostgresServer.shared()
    return try await server.withSchema { url in
        let connection = try LibPQConnection(
            configuration: PostgresConfiguration(url, queryTimeout: queryTimeout))
        defer { connection.close() }
        return try await body(connection, url)
    }
}

/// Why the suites that need a server may be skipped.
let serverMissing: Comment =
    "PostgreSQL's server programs (initdb, postgres) are not installed (looked in POSTGRES_BINDIR, pg_config --bindir, /usr/lib/postgresql/*/bin, Homebrew, PATH); install Debian's 'postgresql' package to run these tests"
