import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerRobustnessTests {
    @Test(arguments: [
        "GET / HTTP/1.1\nHost: t\n\n",
        "GET /hello HTTP/1.1\r\nHost: t\r\n folded\r\n\r\n",
        "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n",
        "GET /hello HTTP/1.1\r\nHost: t\r\nBad Header: x\r\n\r\n",
    ])
    func answersMalformedRequestsWith400AndKeepsServing(text: String) async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let bad = try await RawConnection.connect(to: server.address)
            try await bad.send(text)
            let response = try await bad.readResponse()
            #expect(response.status == .badRequest)
            #expect(response.headers["Connection"] == "close")
            #expect(try response.decodeJSON(as: [String: [String: String]].self)["error"]?["message"] != nil)
            #expect(try await bad.readUntilClosed().closed)

            let good = try await RawConnection.connect(to: server.address)
            try await good.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await good.readResponse().bodyText == "hello")
            await good.close()
        }
    }

    @Test func survivesRandomBytesAndAbruptDisconnects() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            var generator = SystemRandomNumberGenerator()
            for round in 0..<30 {
                let connection = try await RawConnection.connect(to: server.address)
                var bytes = (0..<(round * 37 + 1)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if round.isMultiple(of: 3) {
                    bytes = Array("POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\n".utf8) + bytes
                }
                try? await connection.send(bytes)
                await connection.close()
            }
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().bodyText == "hello")
            await connection.close()
        }
    }

    @Test func answersAStalledRequestWith408ThenCloses() async throws {
        let configuration = ServerConfiguration(idleTimeout: .milliseconds(200))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let partial = try await RawConnection.connect(to: server.address)
            try await partial.send("GET /hello HTTP/1.1\r\nHost:")
            let response = try await partial.readResponse()
            #expect(response.status == .requestTimeout)
            #expect(response.headers["Connection"] == "close")
            #expect(try await partial.readUntilClosed().closed)

            let silent = try await RawConnection.connect(to: server.address)
            #expect(try await silent.readResponse().status == .requestTimeout)

            let stalledBody = try await RawConnection.connect(to: server.address)
            try await stalledBody.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try await stalledBody.readResponse().status == .requestTimeout)
        }
    }

    @Test func closesIdleKeepAliveConnectionsQuietly() async throws {
        let configuration = ServerConfiguration(idleTimeout: .milliseconds(200))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == .ok)
            let (rest, closed) = try await connection.readUntilClosed(timeout: .seconds(5))
            #expect(closed)
            #expect(rest.isEmpty)
        }
    }

    /// Twelve requests 100 ms apart (of the server's manual clock): 1.2 s in all, each gap
    /// well within the 1 s idle timeout.
    @Test func keepsAnActiveConnectionOpenLongerThanTheIdleTimeout() async throws {
        let configuration = ServerConfiguration(idleTimeout: .seconds(1))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            for _ in 0..<12 {
                try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try await connection.readResponse().status == .ok)
                await loop.waitForWait(until: time.now + .seconds(1))
                time.advance(by: .milliseconds(100))
            }
            #expect(server.connectionCount == 1)
            await connection.close()
        }
    }
}
