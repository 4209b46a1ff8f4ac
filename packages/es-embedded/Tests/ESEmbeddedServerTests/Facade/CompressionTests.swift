import ESEmbedded
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@testable import ESEmbeddedServer

/// gzip on the wire, as clients with `http_compress=True` use it: gzip request bodies are
/// read, responses are gzip when the client accepts it (and large enough to gain), and a body
/// that is not gzip answers 400; in-process and over loopback.
@Suite struct CompressionTests {
    @Test func gzipRoundTrips() throws {
        let text = Data(String(repeating: "es-embedded ", count: 200).utf8)
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.count < text.count / 5)
        #expect(compressed.prefix(2) == Data([0x1f, 0x8b]))
        #expect(try Gzip.decompress(compressed) == text)
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(Data("plain".utf8)) }
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(compressed.prefix(compressed.count / 2)) }
    }

    @Test(arguments: TestingMode.allCases)
    func compressedBodiesBothWays(mode: TestingMode) async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode) { client in
            var lines = ""
            for number in 0..<50 {
                lines += "{\"index\":{\"_id\":\"\(number)\"}}\n{\"title\":\"document \(number)\"}\n"
            }
            let bulk = try #require(Gzip.compress(Data(lines.utf8)))
            let written = try await client.post(
                "/docs/_bulk", query: ["refresh": "true"],
                headers: ["Content-Type": "application/x-ndjson", "Content-Encoding": "gzip"],
                body: .data(bulk))
            #expect(written.status == .ok, "\(written.bodyText)")
            let plain = try await client.get("/docs/_search", query: ["size": "50"])
            #expect(plain.headers["Content-Encoding"] == nil)
            let zipped = try await client.get(
                "/docs/_search", query: ["size": "50"], headers: ["Accept-Encoding": "gzip, deflate"])
            #expect(zipped.headers["Content-Encoding"] == "gzip")
            let body = try JSONValue(parsing: try Gzip.decompress(zipped.body))
            #expect(body["hits"]?["total"]?["value"] == 50)
            let small = try await client.get("/", headers: ["Accept-Encoding": "gzip;q=0"])
            #expect(small.headers["Content-Encoding"] == nil)
            let broken = try await client.post(
                "/docs/_doc/x", headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                body: .text("{}"))
            #expect(broken.status == .badRequest)
            #expect(try JSONValue(parsing: broken.body)["error"]?["type"] == "illegal_argument_exception")
        }
    }
}
