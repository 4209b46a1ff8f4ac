import HTTPKit
import HTTPKitTesting
import Testing

@Suite struct RequestLoggingMiddlewareTests {
    @Test func logsOneLinePerRequestWithMethodPathStatusDurationAndRequestID() async throws {
        let sink = InMemoryLogSink()
        let router = Router()
        router.add(middleware: RequestLoggingMiddleware())
        router.get("/assets/{id}") { _, _ in .text("ok") }
        router.get("/fail") { _, _ in throw HTTPError(.serviceUnavailable, message: "down") }
        let app = Application(router: router, logger: Logger(label: "http", sink: sink))
        try await app.test { client in
            _ = try await client.get("/assets/1", query: ["secret": "x"], headers: ["X-Request-ID": "req-42"])
            _ = try await client.get("/fail")
            _ = try await client.post("/nope")
        }
        let lines = sink.records.map(\.message)
        #expect(lines.count == 3)
        #expect(lines[0].wholeMatch(of: /GET \/assets\/1 200 \d+\.\d\dms/) != nil, "\(lines[0])")
        #expect(lines[1].hasPrefix("GET /fail 503 "))
        #expect(lines[2].hasPrefix("POST /nope 404 "))
        #expect(sink.records[0].metadata["request_id"] == "req-42")
        #expect(sink.records.allSatisfy { $0.level == .info && $0.label == "http" })
        #expect(sink.records[1].metadata["request_id"]?.count == 16)
    }

    @Test func formatsDurationsInMillisecondsWithTwoDecimals() {
        #expect(RequestLoggingMiddleware.format(.microseconds(1_234)) == "1.23ms")
        #expect(RequestLoggingMiddleware.format(.milliseconds(2)) == "2.00ms")
        #expect(RequestLoggingMiddleware.format(.seconds(1.5)) == "1500.00ms")
        #expect(RequestLoggingMiddleware.format(.microseconds(50)) == "0.05ms")
    }
}
