import Foundation
import HTTPKit
import HTTPKitTesting
import Testing

@Suite struct ApplicationTests {
    private struct Leaky: Error, CustomStringConvertible {
        var description: String { "password=hunter2 at db.internal:5432" }
    }

    @Test func turnsUnknownErrorsIntoA500ThatLeaksNothingAndLogsThem() async throws {
        let sink = InMemoryLogSink()
        let router = Router()
        router.get("/boom") { _, _ in throw Leaky() }
        let app = Application(router: router, logger: Logger(label: "http", sink: sink))
        let response = try await app.test { client in try await client.get("/boom") }
        #expect(response.status == .internalServerError)
        #expect(response.bodyText == #"{"error":{"message":"internal server error"}}"#)
        let record = try #require(sink.records.first)
        #expect(record.level == .error)
        #expect(record.message == "unhandled error in 'GET /boom': password=hunter2 at db.internal:5432")
        #expect(record.metadata["request_id"] != nil)
    }

    @Test func finalizesLengthsAndDropsBodiesThatMustNotBeSent() async {
        let router = Router()
        router.get("/empty") { _, _ in
            Response(status: .noContent, headers: ["Content-Length": "3"], body: Data("abc".utf8))
        }
        router.get("/text") { _, _ in .text("héllo") }
        let app = Application(router: router)
        let noContent = await app.handle(Request(method: .get, target: "/empty"))
        #expect(noContent.body.isEmpty && noContent.headers["Content-Length"] == nil)
        let text = await app.handle(Request(method: .get, target: "/text"))
        #expect(text.headers["Content-Length"] == "6")
    }

    @Test func usesASaneClientRequestIDOrMakesOne() async {
        let router = Router()
        router.get("/id") { _, context in .text(context.requestID) }
        let app = Application(router: router)
        let given = await app.handle(
            Request(method: .get, target: "/id", headers: ["X-Request-ID": "abc-123"]))
        #expect(given.bodyText == "abc-123")
        let spaced = await app.handle(Request(method: .get, target: "/id", headers: ["X-Request-ID": "a b"]))
        #expect(spaced.bodyText.wholeMatch(of: /[0-9a-f]{16}/) != nil)
        let first = await app.handle(Request(method: .get, target: "/id"))
        let second = await app.handle(Request(method: .get, target: "/id"))
        #expect(first.bodyText != second.bodyText)
    }
}
