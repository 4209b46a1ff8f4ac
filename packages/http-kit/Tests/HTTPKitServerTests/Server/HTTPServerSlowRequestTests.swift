import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// The head, body and idle deadlines, on a server whose loop runs on a manual clock: the test
/// sends a part, waits until the server parks with the deadline it must have set (the clock
/// stands still, so it is known to the instant), then moves time.
@Suite struct HTTPServerSlowRequestTests {
    @Test func answers408ToAHeadTricklingInPastTheHeadTimeout() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .milliseconds(1000), requestHeadTimeout: .milliseconds(800))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            let start = time.now
            let headEnd = start + .milliseconds(800)
            try await connection.send("GET /hello HTTP/1.1\r\n")
            await loop.waitForWait(until: headEnd)
            time.advance(by: .milliseconds(400))
            let parked = loop.withSnapshot(\.parks)
            try await connection.send("Host: t\r\n")
            await loop.waitUntil { $0.parks > parked }
            // More bytes do not move the deadline to a read's idle timeout (1,400 ms): however
            // steadily they come, the head must end 800 ms after its first byte.
            #expect(loop.withSnapshot { $0.hasWait(until: headEnd) })
            time.advance(to: headEnd)
            let response = try await connection.readResponse()
            #expect(response.status == .requestTimeout)
            #expect(response.headers["Connection"] == "close")
            let body = try response.decodeJSON(as: [String: [String: String]].self)
            #expect(body["error"]?["message"] == "request not received in time; send it faster")
            #expect(try await connection.readUntilClosed().closed)
            await connection.close()
        }
    }

    @Test func answers408ToABodyTricklingInPastTheBodyTimeout() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .milliseconds(1000), requestBodyTimeout: .milliseconds(800))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            let bodyEnd = time.now + .milliseconds(800)
            try await connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 400\r\n\r\nbb")
            await loop.waitForWait(until: bodyEnd)
            time.advance(by: .milliseconds(400))
            let parked = loop.withSnapshot(\.parks)
            try await connection.send("bb")
            await loop.waitUntil { $0.parks > parked }
            #expect(
                loop.withSnapshot { $0.hasWait(until: bodyEnd) }, "the body's deadline stays where it was")
            time.advance(to: bodyEnd)
            #expect(try await connection.readResponse().status == .requestTimeout)
            await connection.close()
        }
    }

    @Test func waitsTheIdleTimeoutNotTheHeadTimeoutForTheNextRequest() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestHeadTimeout: .milliseconds(150))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == .ok)
            // Between requests only the idle timeout applies: silent past the head timeout is fine.
            await loop.waitForWait(until: time.now + .seconds(5))
            time.advance(by: .milliseconds(400))
            // A head in two parts, well within the head timeout.
            try await connection.send("GET /hello HTTP/1.1\r\n")
            await loop.waitForWait(until: time.now + .milliseconds(150))
            time.advance(by: .milliseconds(100))
            try await connection.send("Host: t\r\n\r\n")
            #expect(try await connection.readResponse().status == .ok)
            await connection.close()
        }
    }

    @Test func servesHeadsAndBodiesThatArriveInTime() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestHeadTimeout: .seconds(5), requestBodyTimeout: .seconds(5))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            // One byte at a time, each a millisecond (of the server's clock) after the last.
            for byte in "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello".utf8 {
                try await connection.send([byte])
                time.advance(by: .milliseconds(1))
            }
            let response = try await connection.readResponse()
            #expect(response.status == .ok)
            #expect(response.bodyText == "hello")
            await connection.close()
        }
    }
}
