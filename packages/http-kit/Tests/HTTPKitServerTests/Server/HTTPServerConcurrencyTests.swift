import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerConcurrencyTests {
    @Test func servesManyConcurrentKeepAliveConnections() async throws {
        let connections = 50
        let requestsPerConnection = 20
        try await withServer(router: makeEchoRouter()) { server in
            let served = try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0..<connections {
                    group.addTask {
                        let connection = try await RawConnection.connect(to: server.address)
                        var answered = 0
                        for request in 0..<requestsPerConnection {
                            let body = "c\(client)-r\(request)"
                            try await connection.send(
                                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                            )
                            let response = try await connection.readResponse()
                            if response.status == .ok && response.bodyText == body { answered += 1 }
                        }
                        await connection.close()
                        return answered
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(served == connections * requestsPerConnection)
        }
    }

    /// Twenty handlers that each wait at a gate: all twenty reach it before any is let
    /// through, which handlers run one after another never could.
    @Test func runsHandlersOfDifferentConnectionsConcurrently() async throws {
        let gate = HandlerGate()
        try await withServer(router: makeEchoRouter(gate: gate)) { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let connection = try await RawConnection.connect(
                            to: server.address, timeout: .seconds(60))
                        try await connection.send("GET /gated HTTP/1.1\r\nHost: t\r\n\r\n")
                        #expect(try await connection.readResponse().bodyText == "passed the gate")
                        await connection.close()
                    }
                }
                await gate.waitForStarted(20)
                gate.open()
                try await group.waitForAll()
            }
        }
    }
}
