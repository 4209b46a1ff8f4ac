import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerBodyTests {
    @Test func readsChunkedBodiesSentInPieces() async throws {
        // A body deadline (20 s) apart from the idle one (30 s) shows when the server has read
        // the head and the first piece and waits for the rest (its clock stands still).
        let configuration = ServerConfiguration(idleTimeout: .seconds(30), requestBodyTimeout: .seconds(20))
        let (loop, time) = try makeManualLoop()
        try await withServer(router: makeEchoRouter(), configuration: configuration, on: loop) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
            try await connection.send("6;name=value\r\n{\"a\":1\r\n")
            await loop.waitForWait(until: time.now + .seconds(20))
            try await connection.send("1\r\n}\r\n0\r\nX-Checksum: none\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == .ok)
            #expect(response.bodyText == #"{"a":1}"#)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().bodyText == "hello")
            await connection.close()
        }
    }

    @Test func sendsContinueBeforeReadingTheBodyOfAWaitingClient() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = "HTTP/1.1 100 Continue\r\n\r\n"
            #expect(
                String(decoding: try await connection.read(count: interim.utf8.count), as: UTF8.self)
                    == interim)
            try await connection.send("body")
            #expect(try await connection.readResponse().bodyText == "body")
            await connection.close()
        }
    }

    @Test func refusesAnOversizedBodyBeforeTheClientSendsIt() async throws {
        let configuration = ServerConfiguration(maxBodyBytes: 1024)
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == .contentTooLarge)
            #expect(response.headers["Connection"] == "close")
            #expect(
                try response.decodeJSON(as: [String: [String: String]].self)["error"]?["message"]
                    == "request body exceeds 1024 bytes; send a smaller body or raise 'maxBodyBytes'")
            #expect(try await connection.readUntilClosed().closed)
        }
    }

    @Test func answers413EvenWhileTheClientKeepsSendingTheBody() async throws {
        let configuration = ServerConfiguration(maxBodyBytes: 1024)
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let chunked = try await RawConnection.connect(to: server.address)
            let chunk = "400\r\n" + String(repeating: "x", count: 1024) + "\r\n"
            try await chunked.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + chunk + chunk
            )
            #expect(try await chunked.readResponse().status == .contentTooLarge)

            let declared = try await RawConnection.connect(to: server.address)
            try await declared.send(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 200000\r\n\r\n"
                    + String(repeating: "y", count: 100_000))
            #expect(try await declared.readResponse().status == .contentTooLarge)
        }
    }

    @Test func answersOversizedHeadsWith431AndLongTargetsWith414() async throws {
        let configuration = ServerConfiguration(maxHeaderBytes: 2048)
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let headers = try await RawConnection.connect(to: server.address)
            try await headers.send(
                "GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "h", count: 4096) + "\r\n\r\n"
            )
            let tooLarge = try await headers.readResponse()
            #expect(tooLarge.status == .requestHeaderFieldsTooLarge)
            #expect(tooLarge.headers["Connection"] == "close")

            let target = try await RawConnection.connect(to: server.address)
            try await target.send("GET /" + String(repeating: "t", count: 4096))
            #expect(try await target.readResponse().status == .uriTooLong)
        }
    }

    @Test func echoesLargeBodiesIntact() async throws {
        let payload = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let app = Application(router: makeEchoRouter())
        let response = try await app.test(.live) { client in
            try await client.post("/echo", body: .data(payload))
        }
        #expect(response.body == payload)
    }
}
