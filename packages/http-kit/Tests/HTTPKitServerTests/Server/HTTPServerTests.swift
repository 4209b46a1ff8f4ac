import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerTests {
    @Test func servesOverLoopbackAndReportsTheBoundPort() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            #expect(server.address.host == "127.0.0.1")
            #expect(server.address.port > 0)
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: test\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == .ok)
            #expect(response.bodyText == "hello")
            #expect(response.headers["Content-Length"] == "5")
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(response.headers["Connection"] == nil)
            await connection.close()
        }
    }

    @Test func keepsConnectionsAliveAcrossRequests() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let connection = try await RawConnection.connect(to: server.address)
            for index in 0..<10 {
                try await connection.send("GET /path/\(index) HTTP/1.1\r\nHost: test\r\n\r\n")
                #expect(try await connection.readResponse().bodyText == "GET \(index)")
            }
            #expect(server.connectionCount == 1)
            await connection.close()
        }
    }

    @Test func answersPipelinedRequestsInRequestOrder() async throws {
        let gate = HandlerGate()
        try await withServer(router: makeEchoRouter(gate: gate)) { server in
            let connection = try await RawConnection.connect(to: server.address)
            // The first request is held at the gate: its response must still come first.
            try await connection.send(
                "GET /gated HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc"
                    + "HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /path/last HTTP/1.1\r\nHost: t\r\n\r\n")
            await gate.waitForStarted(1)
            gate.open()
            #expect(try await connection.readResponse().bodyText == "passed the gate")
            #expect(try await connection.readResponse().bodyText == "abc")
            let head = try await connection.readResponse(for: .head)
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] == "5")
            #expect(try await connection.readResponse().bodyText == "GET last")
            await connection.close()
        }
    }

    @Test func closesWhenTheClientAsksOrSpeaksHTTP10() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let closing = try await RawConnection.connect(to: server.address)
            try await closing.send("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let response = try await closing.readResponse()
            #expect(response.headers["Connection"] == "close")
            #expect(try await closing.readUntilClosed().closed)

            let old = try await RawConnection.connect(to: server.address)
            try await old.send("GET /hello HTTP/1.0\r\n\r\n")
            #expect(try await old.readResponse().headers["Connection"] == "close")
            #expect(try await old.readUntilClosed().closed)

            let oldKeepAlive = try await RawConnection.connect(to: server.address)
            try await oldKeepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await oldKeepAlive.readResponse().headers["Connection"] == "keep-alive")
            try await oldKeepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await oldKeepAlive.readResponse().bodyText == "hello")
            await oldKeepAlive.close()
        }
    }

    @Test func decodesPercentEncodedParametersAndQueriesOnTheWire() async throws {
        let router = Router()
        router.get("/docs/{id}") { request, context in
            .text("\(try context.parameters.require("id")) \(request.query.values("id", separatedBy: ","))")
        }
        try await withServer(router: router) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /docs/a%2Fb%20c?id[]=x,y&id%5B%5D=z HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().bodyText == #"a/b c ["x", "y", "z"]"#)
            await connection.close()
        }
    }

    @Test func refusesToBindAPortInUseWithAnErrorSayingWhatToDo() async throws {
        try await withServer(router: makeEchoRouter()) { server in
            let configuration = ServerConfiguration(port: server.address.port)
            #expect {
                _ = try Application(router: Router(), configuration: configuration).makeServer()
            } throws: { error in
                guard case ServerError.bindFailed(let address, let reason) = error else { return false }
                return address == "127.0.0.1:\(server.address.port)" && reason == "address already in use"
            }
        }
    }

    @Test func refusesToRunTwice() async throws {
        let server = try Application(router: makeEchoRouter(), configuration: ServerConfiguration(port: 0))
            .makeServer()
        async let serving: Void = server.run()
        server.shutdown()
        try await serving
        await #expect(throws: ServerError.alreadyRunning) { try await server.run() }
    }
}

@Suite struct HTTPServerClosingTests {
    @Test func closesAfterAHandlerAsksAndStillDeliversTheResponse() async throws {
        let router = Router()
        router.get("/bye") { _, _ in .text("bye", headers: ["Connection": "close"]) }
        try await withServer(router: router) { server in
            let connection = try await RawConnection.connect(to: server.address)
            // The second request is never answered; its unread bytes must not reset the connection.
            try await connection.send(
                "GET /bye HTTP/1.1\r\nHost: t\r\n\r\nPOST /bye HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
            )
            let response = try await connection.readResponse()
            #expect(response.bodyText == "bye")
            #expect(response.headers.values(for: "Connection") == ["close"])
            let (rest, closed) = try await connection.readUntilClosed()
            #expect(closed && rest.isEmpty)
        }
    }
}
