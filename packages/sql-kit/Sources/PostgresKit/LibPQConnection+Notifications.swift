import CLibPQ
import Foundation

extension LibPQConnection {
    public func listen(_ channel: String) throws {
        try execute("LISTEN \"\(channel.replacingOccurrences(of: "\"", with: "\"\""))\"")
    }

    public func notifications(timeout: Duration) throws -> [PostgresNotification] {
        let connection = try open()
        // Notifications that came with earlier results are already queued in libpq.
        var received = Self.drain(connection)
        let deadline = ContinuousClock.now + timeout
        while received.isEmpty {
            guard SocketWait.wait(PQsocket(connection), for: .readable, until: deadline) else { break }
            guard PQconsumeInput(connection) == 1 else {
                let error = lost(connection)
                close()
                throw error
            }
            received = Self.drain(connection)
        }
        return received
    }

    private static func drain(_ connection: OpaquePointer) -> [PostgresNotification] {
        var received: [PostgresNotification] = []
        while let notification = PQnotifies(connection) {
            received.append(
                PostgresNotification(
                    channel: String(cString: notification.pointee.relname),
                    payload: notification.pointee.extra.map { String(cString: $0) } ?? "",
                    senderProcessID: notification.pointee.be_pid))
            PQfreemem(notification)
        }
        return received
    }
}
