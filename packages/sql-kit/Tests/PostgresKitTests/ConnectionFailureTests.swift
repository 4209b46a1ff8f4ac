import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every way of failing to reach or use a server ends in a clear error, on time.
@Suite(.enabled(if: TemporaryPostgresServer.isAvailable, serverMissing))
struct ConnectionFailureTests {
    @Test func aMalformedURLIsRejectedBeforeConnecting() {
        #expect {
            _ = try LibPQConnection(
                configuration: PostgresConfiguration("postgres://cms:secret@host:notaport/db"))
        } throws: { error in
            guard case .invalidConnectionString(let text, _) = error as? PostgresError else { return false }
            return text == "postgres://cms:***@host:notaport/db" && !"\(error)".contains("secret")
        }
        #expect(throws: PostgresError.self) {
            try LibPQConnection(configuration: PostgresConfiguration("postgres://h/db?nosuchoption=1"))
        }
    }

    @Test func aPortWithNoServerIsAConnectionFailure() throws {
        let port = try closedPort()
        #expect {
            _ = try LibPQConnection(
                configuration: PostgresConfiguration("postgres://cms@127.0.0.1:\(port)/cms"))
        } throws: { error in
            guard case .connectionFailed(let database, let message) = error as? PostgresError else {
                return false
            }
            return database == "'postgres://cms@127.0.0.1:\(port)/cms'"
                && message.contains("Connection refused")
        }
    }

    @Test func wrongCredentialsAndMissingDatabasesAreRejectedByTheServer() async throws {
        let server = try await TemporaryPostgresServer.shared()
        #expect {
            _ = try LibPQConnection(configuration: PostgresConfiguration(server.url(password: "wrong")))
        } throws: { error in
            guard case .connectionRejected(_, let message) = error as? PostgresError else { return false }
            return message.contains("password authentication failed for user \"cms\"")
                && !"\(error)".contains(server.password)
        }
        #expect {
            _ = try LibPQConnection(configuration: PostgresConfiguration(server.url(database: "nowhere")))
        } throws: { error in
            guard case .connectionRejected(_, let message) = error as? PostgresError else { return false }
            return message.contains("database \"nowhere\" does not exist")
        }
    }

    @Test func aServerThatNeverAnswersTimesOutConnecting() throws {
        let listener = try SilentListener()
        let started = ContinuousClock.now
        #expect(
            throws: PostgresError.connectTimedOut(
                database: "'postgres://cms@127.0.0.1:\(listener.port)/cms'", seconds: 1)
        ) {
            _ = try LibPQConnection(
                configuration: PostgresConfiguration(
                    "postgres://cms@127.0.0.1:\(listener.port)/cms?connect_timeout=1"))
        }
        // libpq's own timeout on a real socket: at least the second it enforces; the upper bound
        // is enormous and only catches a connect that waits on regardless.
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(60), "\(elapsed)")
    }

    @Test func theServerCancelsAStatementPastTheQueryTimeout() async throws {
        try await withConnection(queryTimeout: .milliseconds(300)) {
            (db: LibPQConnection, _: String) async throws in
            #expect {
                try db.execute("SELECT pg_sleep(5)")
            } throws: { error in
                (error as? PostgresError)?.sqlState == PostgresError.queryCanceled
                    && "\(error)".contains("statement timeout")
            }
            #expect(try db.scalar("SELECT 1") == "1")
        }
    }

    @Test func aServerThatStopsAnsweringIsGivenUpOnAndTheConnectionClosed() async throws {
        try await withConnection(queryTimeout: .milliseconds(200)) {
            (db: LibPQConnection, _: String) async throws in
            let backend = db.serverProcessID
            #expect(kill(backend, SIGSTOP) == 0)
            defer { kill(backend, SIGCONT) }
            let started = ContinuousClock.now
            #expect {
                try db.execute("SELECT 1")
            } throws: { error in
                guard case .queryTimedOut(_, let seconds) = error as? PostgresError else { return false }
                return seconds == 2.2
            }
            // A real stopped server on real time: only a wait that never ends can break this bound.
            #expect(ContinuousClock.now - started < .seconds(60))
            #expect(throws: PostgresError.connectionClosed(database: db.displayName)) {
                try db.execute("SELECT 1")
            }
        }
    }

    /// A port that was free a moment ago.
    private func closedPort() throws -> Int {
        let listener = try SilentListener()
        return listener.port
    }
}

/// A socket on 127.0.0.1 that takes connections into its backlog and never answers: the kernel
/// completes the handshake, and nothing ever reads the startup message.
final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = descriptor
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        listen(descriptor, 8)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
