import CLibPQ
import Foundation

/// A ``PostgresConnection`` over libpq, with every wait bounded.
///
/// Connecting runs libpq's non-blocking handshake against the connect timeout; each statement is
/// sent without blocking and its answer awaited against the query timeout (the server's own
/// `statement_timeout` is set to it, and the client gives up 2 s later, closing the
/// connection, when the server stopped answering at all). The session runs in UTC with ISO dates
/// and UTF-8, so timestamps read back as ISO 8601 UTC text.
///
/// ```swift
/// let db = try LibPQConnection(configuration: PostgresConfiguration("postgres://cms@127.0.0.1:5432/cms"))
/// let count = try db.scalar("SELECT count(*) FROM assets")
/// ```
public final class LibPQConnection: PostgresConnection {
    var handle: OpaquePointer?
    public private(set) var displayName: String
    /// How long a statement may run on the server.
    public let queryTimeout: Duration
    /// How long the client waits past ``queryTimeout`` for a server that stopped answering.
    static let clientGrace: Duration = .seconds(2)
    public internal(set) var roundTrips = 0
    /// Server-side prepared statements, by SQL text.
    var prepared: [String: String] = [:]
    /// The most statements kept prepared; others run unprepared.
    static let preparedLimit = 256

    /// Connects.
    ///
    /// - Throws: ``PostgresError/invalidConnectionString(_:message:)``,
    ///   ``PostgresError/connectionFailed(database:message:)`` (no server there),
    ///   ``PostgresError/connectionRejected(database:message:)`` (wrong credentials or database),
    ///   ``PostgresError/connectTimedOut(database:seconds:)``.
    public init(configuration: PostgresConfiguration) throws {
        let parameters = try LibPQParameters(configuration)
        displayName = parameters.displayName
        queryTimeout = configuration.queryTimeout
        handle = try Self.connect(
            parameters, displayName: displayName,
            given: LibPQParameters.redacted(configuration.connectionString))
        if let handle {
            clibpq_silence_notices(handle)
            PQsetnonblocking(handle, 1)
            displayName = Self.connectedName(handle)
        }
        let milliseconds = max(
            1,
            queryTimeout.components.seconds * 1000 + queryTimeout.components.attoseconds
                / 1_000_000_000_000_000)
        do {
            try execute(
                """
                SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601';
                SET client_encoding = 'UTF8'; SET statement_timeout = \(milliseconds)
                """)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    /// The server's process id for this session (for `pg_terminate_backend`, or a test).
    public var serverProcessID: Int32 {
        handle.map { PQbackendPID($0) } ?? 0
    }

    /// The server's version number (`150004` for 15.4).
    public var serverVersion: Int {
        handle.map { Int(PQserverVersion($0)) } ?? 0
    }

    private static func connect(
        _ parameters: LibPQParameters, displayName: String, given: String
    ) throws -> OpaquePointer {
        let keywords = parameters.values.map { strdup($0.keyword) }
        let values = parameters.values.map { strdup($0.value) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let keywordArray = keywords.map { UnsafePointer($0) } + [nil]
        let valueArray = values.map { UnsafePointer($0) } + [nil]
        guard let connection = PQconnectStartParams(keywordArray, valueArray, 0) else {
            throw PostgresError.connectionFailed(database: displayName, message: "libpq is out of memory")
        }
        let timeout = parameters.connectTimeout
        let deadline = timeout > 0 ? ContinuousClock.now + .seconds(timeout) : nil
        if PQstatus(connection) == CONNECTION_BAD {
            // Before any network step libpq only fails on the parameters themselves (a port
            // that is not a number, an unknown sslmode).
            defer { PQfinish(connection) }
            throw PostgresError.invalidConnectionString(
                given, message: LibPQParameters.clean(errorMessage(connection)))
        }
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK {
            guard state != PGRES_POLLING_FAILED else {
                defer { PQfinish(connection) }
                throw failure(connection, displayName: displayName)
            }
            let readiness: SocketWait.Readiness = state == PGRES_POLLING_READING ? .readable : .writable
            guard SocketWait.wait(PQsocket(connection), for: readiness, until: deadline) else {
                PQfinish(connection)
                throw PostgresError.connectTimedOut(database: displayName, seconds: timeout)
            }
            state = PQconnectPoll(connection)
        }
        return connection
    }

    /// A refused session (the server said FATAL: wrong password, no such database) or a server
    /// that could not be reached.
    private static func failure(_ connection: OpaquePointer, displayName: String) -> PostgresError {
        let message = LibPQParameters.clean(errorMessage(connection))
        if message.contains("FATAL:") {
            return .connectionRejected(database: displayName, message: message)
        }
        return .connectionFailed(database: displayName, message: message)
    }

    private static func connectedName(_ connection: OpaquePointer) -> String {
        func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
        let host = text(PQhost(connection))
        return
            "'postgres://\(text(PQuser(connection)))@\(host.hasPrefix("/") ? "" : host):\(text(PQport(connection)))/\(text(PQdb(connection)))'"
    }

    static func errorMessage(_ connection: OpaquePointer) -> String {
        let text = PQerrorMessage(connection).map { String(cString: $0) } ?? "unknown libpq error"
        return text.replacingOccurrences(of: "  ", with: " ")
    }
}
