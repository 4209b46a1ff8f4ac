import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

@Suite(.enabled(if: TemporaryPostgresServer.isAvailable, serverMissing))
struct TemporaryPostgresServerTests {
    @Test func aServerStartsOnLoopbackAndStopRemovesItsDirectory() async throws {
        let server = try await TemporaryPostgresServer.start()
        let directory = server.directory
        let connection = try server.connect()
        #expect(try connection.scalar("SELECT inet_server_addr()::text") == "127.0.0.1/32")
        #expect(try connection.scalar("SHOW fsync") == "off")
        #expect(connection.serverVersion >= 120_000)
        connection.close()
        try await server.stop()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(throws: PostgresError.self) { try server.connect() }
    }

    @Test func eachDatabaseIsFreshAndDroppedAfterwards() async throws {
        let server = try await TemporaryPostgresServer.shared()
        let url = try await server.withDatabase { url in
            let connection = try LibPQConnection(configuration: PostgresConfiguration(url))
            try connection.execute("CREATE TABLE t (x integer)")
            connection.close()
            return url
        }
        let name = String(url.split(separator: "/").last ?? "")
        let admin = try server.connect()
        #expect(try admin.scalar("SELECT count(*) FROM pg_database WHERE datname = $1", [.text(name)]) == "0")
    }
}
