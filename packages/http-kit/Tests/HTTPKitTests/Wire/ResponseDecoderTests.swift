import HTTPKit
import Testing

@Suite struct ResponseDecoderTests {
    private func decode(_ text: String, method: HTTPMethod = .get, closed: Bool = false) throws -> [Response]
    {
        var decoder = ResponseDecoder(limits: RequestDecoder.Limits(maxHeadBytes: 4096, maxBodyBytes: 4096))
        var buffer = ByteBuffer(Array(text.utf8))
        var responses: [Response] = []
        while let response = try decoder.decode(from: &buffer, requestMethod: method, atEndOfStream: closed) {
            responses.append(response)
            if buffer.isEmpty { break }
        }
        return responses
    }

    @Test func readsContentLengthAndChunkedBodies() throws {
        let responses = try decode(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                + "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(responses.map(\.status) == [.ok, .created])
        #expect(responses.map(\.bodyText) == ["ok", "abc"])
        #expect(responses[1].status.reasonPhrase == "Created")
    }

    @Test func skipsInterimResponses() throws {
        let responses = try decode("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n")
        #expect(responses.map(\.status) == [.noContent])
    }

    @Test func readsNoBodyForHEADEvenWithContentLength() throws {
        let responses = try decode("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", method: .head)
        #expect(responses.first?.body.isEmpty == true)
        #expect(responses.first?.headers["Content-Length"] == "10")
    }

    @Test func readsABodyDelimitedByTheEndOfTheStream() throws {
        #expect(try decode("HTTP/1.1 200 OK\r\n\r\npartial").isEmpty)
        #expect(try decode("HTTP/1.1 200 OK\r\n\r\nwhole", closed: true).map(\.bodyText) == ["whole"])
    }

    @Test func refusesGarbageAndTruncation() {
        #expect(throws: HTTPParseError.self) { try decode("SMTP ready\r\n\r\n") }
        #expect(throws: HTTPParseError.self) {
            try decode("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort", closed: true)
        }
    }
}
