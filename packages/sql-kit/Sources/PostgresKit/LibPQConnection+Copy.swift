import CLibPQ
import Foundation

extension LibPQConnection {
    /// Bytes gathered before they are handed to libpq.
    private static let copyChunk = 256 * 1024

    @discardableResult
    public func copy(into table: String, columns: [String], rows: [[PostgresValue]]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        let started = try exchange(sql) { PQsendQuery($0, sql) }
        try check(started, sql: sql)
        guard let first = started.last, PQresultStatus(first) == PGRES_COPY_IN else {
            started.forEach { PQclear($0) }
            throw PostgresError.connectionLost(
                database: displayName, message: "the server did not start the COPY")
        }
        started.forEach { PQclear($0) }
        let connection = try open()
        let deadline = ContinuousClock.now + queryTimeout + Self.clientGrace
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyChunk + 4096)
        for row in rows {
            Self.appendCopyLine(row, to: &buffer)
            if buffer.count >= Self.copyChunk {
                try send(buffer, connection, sql: sql, until: deadline)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try send(buffer, connection, sql: sql, until: deadline)
        guard PQputCopyEnd(connection, nil) != -1 else { throw lost(connection) }
        roundTrips += 1
        try flush(connection, sql: sql, until: deadline)
        var results: [OpaquePointer] = []
        while true {
            try awaitResult(connection, sql: sql, until: deadline, discarding: results)
            guard let result = PQgetResult(connection) else { break }
            results.append(result)
        }
        try check(results, sql: sql)
        let copied = results.last.flatMap { PQcmdTuples($0).map { Int(String(cString: $0)) ?? 0 } } ?? 0
        results.forEach { PQclear($0) }
        return copied
    }

    private func send(
        _ bytes: [UInt8], _ connection: OpaquePointer, sql: String, until deadline: ContinuousClock.Instant
    ) throws {
        guard !bytes.isEmpty else { return }
        while true {
            let state = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    PQputCopyData(connection, $0.baseAddress, Int32($0.count))
                }
            }
            if state == 1 { return }
            guard state == 0 else { throw lost(connection) }
            // libpq's buffer is full: let it drain first.
            try flush(connection, sql: sql, until: deadline)
        }
    }

    /// One row in COPY's text format: tab-separated, `\N` for NULL, backslash escapes.
    static func appendCopyLine(_ row: [PostgresValue], to buffer: inout [UInt8]) {
        for (offset, value) in row.enumerated() {
            if offset > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let text = value.textForm else {
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }
}
