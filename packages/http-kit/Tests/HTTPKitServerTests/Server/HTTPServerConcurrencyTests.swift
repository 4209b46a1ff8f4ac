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

    @Test func runsHandlersOfDifferentConnectionsConcurrently() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let connection = try await RawConnection.connect(to: server.address)
                        try await connection.send("GET /slow/300 HTTP/1.1\r\nHost: t\r\n\r\n")
                        #expect(try await connection.readResponse().bodyText == "slept 300")
                        await connection.close()
                    }
                }
                try await group.waitForAll()
            }
            // Twenty 300 ms handlers one after another would take 6 s.
            #expect(ContinuousClock.now - start < .seconds(3))
        }
    }
}
