import HTTPKit
import Testing

@Suite struct RequestDecoderTests {
    private let limits = RequestDecoder.Limits(maxHeadBytes: 1024, maxBodyBytes: 64)

    /// Decodes every complete request in `text`, feeding it `chunkSize` bytes at a time.
    private func decodeAll(_ text: String, chunkSize: Int = .max) throws -> [(RequestHead, String)] {
        var decoder = RequestDecoder(limits: limits)
        var buffer = ByteBuffer()
        var results: [(RequestHead, String)] = []
        var pendingHead: RequestHead?
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + min(chunkSize, bytes.count))
            buffer.append(bytes[offset..<end])
            offset = end
            while true {
                if pendingHead == nil { pendingHead = try decoder.decodeHead(from: &buffer) }
                guard let head = pendingHead, let body = try decoder.decodeBody(head.framing, from: &buffer)
                else {
                    break
                }
                results.append((head, String(decoding: body, as: UTF8.self)))
                pendingHead = nil
            }
        }
        return results
    }

    private func decodeError(_ text: String) -> HTTPParseError? {
        do {
            _ = try decodeAll(text)
            return nil
        } catch {
            return error as? HTTPParseError
        }
    }

    @Test func decodesRequestLineHeadersAndContentLengthBody() throws {
        let requests = try decodeAll(
            "POST /echo?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nX-Many: 1\r\nx-many:  2 \r\n\r\nhello"
        )
        let (head, body) = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(head.method == .post)
        #expect(head.target == "/echo?x=1")
        #expect(head.version == .http1_1)
        #expect(head.headers.values(for: "X-MANY") == ["1", "2"])
        #expect(head.framing == .contentLength(5))
        #expect(body == "hello")
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func decodesTheSameWhateverTheReadSizes(chunkSize: Int) throws {
        let text =
            "\r\nPOST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: x\r\n\r\n"
            + "GET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        let requests = try decodeAll(text, chunkSize: chunkSize)
        #expect(requests.map(\.0.target) == ["/a", "/b"])
        #expect(requests.map(\.1) == ["hello, world", ""])
    }

    @Test func keepsPipelinedRequestsInOrder() throws {
        let text = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        #expect(try decodeAll(text).map(\.0.target) == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test func readsExpectContinueAndHTTP10() throws {
        let requests = try decodeAll(
            "PUT /x HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok"
                + "GET /y HTTP/1.0\r\nExpect: 100-continue\r\n\r\n")
        #expect(requests.map(\.0.expectsContinue) == [true, false])
        #expect(requests[1].0.version == .http1_0)
    }

    @Test func acceptsAbsoluteFormAndAsteriskForOptions() throws {
        let requests = try decodeAll(
            "GET http://example.com/a?b=c HTTP/1.1\r\n\r\nOPTIONS * HTTP/1.1\r\n\r\n")
        #expect(requests.map(\.0.target) == ["http://example.com/a?b=c", "*"])
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\nHost: x\n\n", "bare line feed"),
        ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "folding"),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", "invalid header name"),
        ("GET / HTTP/1.1\r\nNoColon\r\n\r\n", "no colon"),
        ("GET  / HTTP/1.1\r\n\r\n", "request line"),
        ("GET / HTTP/1.1 extra\r\n\r\n", "request line"),
        ("G(T / HTTP/1.1\r\n\r\n", "invalid method"),
        ("GET nope HTTP/1.1\r\n\r\n", "must start with '/'"),
        ("GET * HTTP/1.1\r\n\r\n", "must start with '/'"),
        ("GET / HTTX/1.1\r\n\r\n", "invalid protocol version"),
        ("GET / HTTP/1.10\r\n\r\n", "invalid protocol version"),
        ("GET /\u{1} HTTP/1.1\r\n\r\n", "control"),
        ("GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n", "control character"),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", "both"),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "invalid 'Content-Length'"),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "invalid 'Content-Length'"),
        ("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n", "invalid 'Content-Length'"),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", "does not end with 'chunked'"),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.0"),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "hexadecimal"),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n", "CRLF"),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2 x\r\n", "unexpected characters"),
    ])
    func refusesMalformedRequestsWith400(text: String, reasonFragment: String) throws {
        let error = try #require(decodeError(text))
        #expect(error.status == .badRequest)
        #expect(error.description.contains(reasonFragment), "\(error)")
    }

    @Test func acceptsTwoIdenticalContentLengths() throws {
        let requests = try decodeAll("POST / HTTP/1.1\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok")
        #expect(requests.first?.1 == "ok")
    }

    @Test func answersOtherProblemsWithTheirOwnStatus() {
        #expect(decodeError("GET / HTTP/2.0\r\n\r\n")?.status == .httpVersionNotSupported)
        #expect(
            decodeError("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")?.status
                == .notImplemented)
        #expect(decodeError("GET / HTTP/1.1\r\nExpect: teapot\r\n\r\n")?.status == .expectationFailed)
    }

    @Test func enforcesTheHeadLimitBeforeTheHeadIsComplete() {
        let longHeader = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 2000)
        #expect(decodeError(longHeader) == .headersTooLarge(limit: 1024))
        let longTarget = "GET /" + String(repeating: "a", count: 2000)
        #expect(decodeError(longTarget) == .uriTooLong(limit: 1024))
        let completeButLarge = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        #expect(decodeError(completeButLarge) == .headersTooLarge(limit: 1024))
    }

    @Test func enforcesTheBodyLimitForBothFramings() {
        #expect(decodeError("POST / HTTP/1.1\r\nContent-Length: 65\r\n\r\n") == .bodyTooLarge(limit: 64))
        #expect(
            decodeError("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n")
                == .bodyTooLarge(limit: 64))
        let chunks =
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + "20\r\n"
            + String(repeating: "a", count: 32)
            + "\r\n21\r\n"
        #expect(decodeError(chunks) == .bodyTooLarge(limit: 64))
        #expect(
            decodeError("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n")
                == .bodyTooLarge(limit: 64))
    }

    @Test func limitsTrailersLikeHeaders() {
        let text =
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: "
            + String(repeating: "t", count: 2000)
        #expect(decodeError(text) == .headersTooLarge(limit: 1024))
    }

    @Test func waitsForIncompleteInput() throws {
        #expect(try decodeAll("GET / HTTP/1.1\r\nHost: x\r\n").isEmpty)
        #expect(try decodeAll("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc").isEmpty)
        #expect(try decodeAll("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n").isEmpty)
    }
}
