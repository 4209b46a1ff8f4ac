import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@Suite struct TestClientTests {
    private struct Asset: Codable, Equatable, Sendable {
        var uuid: String
        var title: String
    }

    /// A small catalogue-like application: list lookup by ids, a custom header, JSON bodies.
    private func makeApplication() -> Application {
        let router = Router()
        router.get("/catalogue/by_id") { request, _ in
            let ids = request.query.values("id", separatedBy: ",")
            guard let country = request.query["content_country"] else {
                throw HTTPError(.badRequest, message: "missing query parameter 'content_country'")
            }
            let client = request.headers["Catalogue-Client"] ?? "unknown"
            return try .json(["count": "\(ids.count)", "country": country, "client": client])
        }
        router.put("/assets/{uuid}") { request, context in
            var asset = try request.decodeJSON(as: Asset.self)
            asset.uuid = try context.parameters.require("uuid")
            return try .json(asset, status: .created)
        }
        router.post("/raw") { request, _ in
            .text("\(request.headers["Content-Type"] ?? "none") \(request.bodyText)")
        }
        router.get("/peer") { _, context in .text(context.remoteAddress ?? "in-process") }
        return Application(router: router, logger: Logger(label: "test", level: .critical))
    }

    @Test(arguments: TestingMode.allCases)
    func runsTheSameTestBodyInEitherMode(mode: TestingMode) async throws {
        try await makeApplication().test(mode) { client in
            #expect(client.mode == mode)
            let found = try await client.get(
                "/catalogue/by_id",
                query: ["id[]": "uuid-1,uuid-2,uuid-3", "id": "uuid-4", "content_country": "KE"],
                headers: ["Catalogue-Client": "android"])
            #expect(found.status == .ok)
            #expect(
                try found.decodeJSON(as: [String: String].self) == [
                    "count": "4", "country": "KE", "client": "android",
                ])

            let missing = try await client.get("/catalogue/by_id", query: ["id[]": "a"])
            #expect(missing.status == .badRequest)
            #expect(missing.bodyText == #"{"error":{"message":"missing query parameter 'content_country'"}}"#)

            let created = try await client.put("/assets/u-9", body: .json(Asset(uuid: "", title: "Film")))
            #expect(created.status == .created)
            #expect(try created.decodeJSON(as: Asset.self) == Asset(uuid: "u-9", title: "Film"))

            let invalid = try await client.put("/assets/u-9", body: "{not json")
            #expect(invalid.status == .badRequest)

            let raw = try await client.post(
                "/raw", headers: ["Content-Type": "application/x-ndjson"], body: "{}\n{}\n")
            #expect(raw.bodyText == "application/x-ndjson {}\n{}\n")

            let head = try await client.head("/catalogue/by_id", query: ["content_country": "KE"])
            #expect(head.status == .ok)
            #expect(head.body.isEmpty)
            #expect(Int(head.headers["Content-Length"] ?? "") ?? 0 > 0)

            #expect(try await client.delete("/catalogue/by_id").status == .methodNotAllowed)
            #expect(try await client.get("/nowhere").status == .notFound)
        }
    }

    @Test func liveModeTalksToARealServerAndKeepsItsConnectionAlive() async throws {
        try await makeApplication().test(.live) { client in
            let address = try #require(client.address)
            #expect(address.host == "127.0.0.1")
            let first = try await client.get("/peer").bodyText
            let second = try await client.get("/peer").bodyText
            #expect(first.hasPrefix("127.0.0.1:"))
            #expect(first == second)
        }
        let inProcess = try await makeApplication().test { client in try await client.get("/peer").bodyText }
        #expect(inProcess == "in-process")
    }

    @Test func liveModeServesConcurrentRequestsFromOneClient() async throws {
        try await makeApplication().test(.live) { client in
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let response = try await client.get(
                            "/catalogue/by_id",
                            query: [
                                "id[]": Array(repeating: "x", count: index + 1).joined(separator: ","),
                                "content_country": "ZA",
                            ])
                        let count = try response.decodeJSON(as: [String: String].self)["count"]
                        return count == String(index + 1) ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(answered == 16)
        }
    }

    private struct Expected: Error {}

    @Test func liveModeStopsTheServerEvenWhenTheBodyThrows() async throws {
        var address: SocketAddress?
        await #expect(throws: Expected.self) {
            try await makeApplication().test(.live) { client in
                address = client.address
                throw Expected()
            }
        }
        let stopped = try #require(address)
        await #expect(throws: ServerError.self) { _ = try await RawConnection.connect(to: stopped) }
    }

    @Test func refusesToUseARawConnectionAfterClosingIt() async throws {
        try await makeApplication().withLiveServer { server in
            let connection = try await RawConnection.connect(to: server.address)
            await connection.close()
            await connection.close()
            await #expect(throws: TestClientError.usedAfterClose) {
                try await connection.send("GET / HTTP/1.1\r\n\r\n")
            }
            await #expect(throws: TestClientError.usedAfterClose) { try await connection.readResponse() }
        }
    }
}
