import Foundation
import HTTPKit
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
            #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
            await connection.close()
        }
    }
}
