import CLibPQ
import Foundation

extension LibPQConnection {
    public func execute(_ sql: String) throws {
        let results = try exchange(sql) { PQsendQuery($0, sql) }
        try check(results, sql: sql)
        results.forEach { PQclear($0) }
    }

    public func query(_ sql: String, _ parameters: [PostgresValue]) throws -> PostgresResult {
        let texts = parameters.map { $0.textForm.map { strdup($0) } ?? nil }
        defer { texts.forEach { free($0) } }
        let values = texts.map { UnsafePointer($0) }
        let count = Int32(values.count)
        let results: [OpaquePointer]
        if let name = try preparedName(for: sql, parameterCount: count) {
            results = try exchange(sql) { PQsendQueryPrepared($0, name, count, values, nil, nil, 0) }
        } else {
            results = try exchange(sql) { PQsendQueryParams($0, sql, count, nil, values, nil, nil, 0) }
        }
        try check(results, sql: sql)
        guard let last = results.last else {
            throw PostgresError.connectionLost(database: displayName, message: "the server sent no result")
        }
        results.dropLast().forEach { PQclear($0) }
        return PostgresResult(taking: last)
    }

    /// The name of the server-side statement for `sql`, preparing it the first time; `nil` once
    /// ``preparedLimit`` statements are prepared (then it runs unprepared).
    private func preparedName(for sql: String, parameterCount: Int32) throws -> String? {
        if let name = prepared[sql] { return name }
        guard prepared.count < Self.preparedLimit else { return nil }
        let name = "cms_\(prepared.count + 1)"
        let results = try exchange(sql) { PQsendPrepare($0, name, sql, parameterCount, nil) }
        try check(results, sql: sql)
        results.forEach { PQclear($0) }
        prepared[sql] = name
        return name
    }

    /// Sends one request and collects every result of it, never waiting past the deadline.
    func exchange(_ sql: String, send: (OpaquePointer) -> Int32) throws -> [OpaquePointer] {
        let connection = try open()
        guard send(connection) == 1 else { throw lost(connection) }
        roundTrips += 1
        let deadline = ContinuousClock.now + queryTimeout + Self.clientGrace
        try flush(connection, sql: sql, until: deadline)
        var results: [OpaquePointer] = []
        while true {
            try awaitResult(connection, sql: sql, until: deadline, discarding: results)
            guard let result = PQgetResult(connection) else { break }
            results.append(result)
            let status = PQresultStatus(result)
            // COPY is driven by its caller; anything after a COPY start comes once it ends.
            if status == PGRES_COPY_IN || status == PGRES_COPY_OUT { break }
        }
        return results
    }

    /// Waits until libpq holds a whole result (or knows there is none left).
    func awaitResult(
        _ connection: OpaquePointer, sql: String, until deadline: ContinuousClock.Instant,
        discarding results: [OpaquePointer] = []
    ) throws {
        while PQisBusy(connection) == 1 {
            guard SocketWait.wait(PQsocket(connection), for: .readable, until: deadline) else {
                results.forEach { PQclear($0) }
                close()
                throw PostgresError.queryTimedOut(
                    sql: sql, seconds: Self.seconds(queryTimeout + Self.clientGrace))
            }
            guard PQconsumeInput(connection) == 1 else {
                results.forEach { PQclear($0) }
                throw lost(connection)
            }
        }
    }

    /// Sends what libpq has buffered, reading input meanwhile so the server never blocks on us.
    func flush(_ connection: OpaquePointer, sql: String, until deadline: ContinuousClock.Instant) throws {
        while true {
            let state = PQflush(connection)
            if state == 0 { return }
            guard state > 0 else { throw lost(connection) }
            guard SocketWait.wait(PQsocket(connection), for: .either, until: deadline) else {
                close()
                throw PostgresError.queryTimedOut(
                    sql: sql, seconds: Self.seconds(queryTimeout + Self.clientGrace))
            }
            guard PQconsumeInput(connection) == 1 else { throw lost(connection) }
        }
    }

    /// Throws the first failed result's error; clears every result when throwing.
    func check(_ results: [OpaquePointer], sql: String) throws {
        var failure: PostgresError?
        for result in results {
            let status = PQresultStatus(result)
            if failure == nil, status == PGRES_FATAL_ERROR || status == PGRES_BAD_RESPONSE {
                failure = Self.statementError(result, sql: sql)
            }
        }
        if let failure {
            results.forEach { PQclear($0) }
            throw failure
        }
    }

    /// The connection, or an error when it was closed.
    func open() throws -> OpaquePointer {
        guard let handle else { throw PostgresError.connectionClosed(database: displayName) }
        if PQstatus(handle) == CONNECTION_BAD {
            let error = lost(handle)
            close()
            throw error
        }
        return handle
    }

    func lost(_ connection: OpaquePointer) -> PostgresError {
        .connectionLost(database: displayName, message: LibPQParameters.clean(Self.errorMessage(connection)))
    }

    static func statementError(_ result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        let message =
            field(clibpq_diag_message_primary())
            ?? PQresultErrorMessage(result).map { LibPQParameters.clean(String(cString: $0)) }
            ?? "unknown error"
        return .statementFailed(
            sql: sql, sqlState: field(clibpq_diag_sqlstate()) ?? "XX000", message: message,
            detail: field(clibpq_diag_message_detail()), hint: field(clibpq_diag_message_hint()))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
