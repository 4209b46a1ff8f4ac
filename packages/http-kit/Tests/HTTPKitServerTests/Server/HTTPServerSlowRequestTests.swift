import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct HTTPServerSlowRequestTests {
    /// Sends `text` one byte every `gap` until the connection fails, the text ends or the task
    /// is cancelled.
    private func trickle(_ text: String, every gap: Duration, on connection: RawConnection) -> Task<
        Void, Never
    > {
        Task {
            for byte in text.utf8 {
                guard !Task.isCancelled, (try? await connection.send([byte])) != nil else { return }
                try? await Task.sleep(for: gap)
            }
        }
    }

    /// Trickles `text` one byte every 30 ms (far below the idle timeout) until the server
    /// answers; returns the answer and how long it took.
    private func trickleUntilAnswered(_ text: String, on connection: RawConnection) async throws
        -> (Response, Duration)
    {
        let start = ContinuousClock.now
        let sender = trickle(text, every: .milliseconds(30), on: connection)
        let response: Response
        do {
            response = try await connection.readResponse()
        } catch {
            sender.cancel()
            await sender.value
            throw error
        }
        let elapsed = ContinuousClock.now - start
        sender.cancel()
        await sender.value
        return (response, elapsed)
    }

    @Test func answers408ToAHeadTricklingInPastTheHeadTimeout() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestHeadTimeout: .milliseconds(400))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            // The whole head would take 12 s to arrive.
            let head =
                "GET /hello HTTP/1.1\r\nHost: t\r\n" + String(repeating: "X-Padding: slow\r\n", count: 20)
            let (response, elapsed) = try await trickleUntilAnswered(head + "\r\n", on: connection)
            #expect(response.status == .requestTimeout)
            #expect(response.headers["Connection"] == "close")
            let body = try response.decodeJSON(as: [String: [String: String]].self)
            #expect(body["error"]?["message"] == "request not received in time; send it faster")
            #expect(elapsed >= .milliseconds(400))
            #expect(try await connection.readUntilClosed().closed)
            await connection.close()
        }
    }

    @Test func answers408ToABodyTricklingInPastTheBodyTimeout() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestBodyTimeout: .milliseconds(400))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 400\r\n\r\n")
            let (response, elapsed) = try await trickleUntilAnswered(
                String(repeating: "b", count: 400), on: connection)
            #expect(response.status == .requestTimeout)
            #expect(elapsed >= .milliseconds(400))
            await connection.close()
        }
    }

    @Test func waitsTheIdleTimeoutNotTheHeadTimeoutForTheNextRequest() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestHeadTimeout: .milliseconds(150))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            try await connection.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == .ok)
            try await Task.sleep(for: .milliseconds(400))
            // A head in two parts, well within the head timeout.
            try await connection.send("GET /hello HTTP/1.1\r\n")
            try await Task.sleep(for: .milliseconds(20))
            try await connection.send("Host: t\r\n\r\n")
            #expect(try await connection.readResponse().status == .ok)
            await connection.close()
        }
    }

    @Test func servesHeadsAndBodiesThatArriveInTime() async throws {
        let configuration = ServerConfiguration(
            idleTimeout: .seconds(5), requestHeadTimeout: .seconds(5), requestBodyTimeout: .seconds(5))
        try await withServer(router: makeEchoRouter(), configuration: configuration) { server in
            let connection = try await RawConnection.connect(to: server.address)
            let sender = trickle(
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello", every: .milliseconds(2),
                on: connection)
            let response = try await connection.readResponse()
            await sender.value
            #expect(response.status == .ok)
            #expect(response.bodyText == "hello")
            await connection.close()
        }
    }
}
