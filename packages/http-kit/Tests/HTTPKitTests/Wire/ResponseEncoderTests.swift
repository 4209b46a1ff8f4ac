import Foundation
import HTTPKit
import Testing

@Suite struct ResponseEncoderTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func writesStatusLineHeadersDateAndBody() {
        let response = Response(
            status: .created, headers: ["Content-Length": "2", "X-A": "1"], body: Data("ok".utf8))
        let lines = text(ResponseEncoder.encode(response, keepAlive: true)).components(separatedBy: "\r\n")
        #expect(lines[0] == "HTTP/1.1 201 Created")
        #expect(lines[1] == "Content-Length: 2")
        #expect(lines[2] == "X-A: 1")
        #expect(lines[3].hasPrefix("Date: ") && lines[3].hasSuffix(" GMT"))
        #expect(lines[4] == "")
        #expect(lines[5] == "ok")
    }

    @Test func marksConnectionsItCloses() {
        let closing = text(ResponseEncoder.encode(Response(), keepAlive: false))
        #expect(closing.contains("\r\nConnection: close\r\n"))
        let http10 = text(ResponseEncoder.encode(Response(), keepAlive: true, version: .http1_0))
        #expect(http10.contains("\r\nConnection: keep-alive\r\n"))
        let http11 = text(ResponseEncoder.encode(Response(), keepAlive: true))
        #expect(!http11.contains("Connection:"))
        let handlerSaysClose = text(
            ResponseEncoder.encode(Response(headers: ["Connection": "close"]), keepAlive: false))
        #expect(handlerSaysClose.components(separatedBy: "Connection:").count == 2)
    }

    @Test func omitsTheBodyForHEADAndDropsTransferEncoding() {
        let response = Response(
            headers: ["Content-Length": "5", "Transfer-Encoding": "chunked"], body: Data("hello".utf8))
        let encoded = text(ResponseEncoder.encode(response, keepAlive: true, omitBody: true))
        #expect(encoded.hasSuffix("\r\n\r\n"))
        #expect(!encoded.contains("hello"))
        #expect(!encoded.contains("Transfer-Encoding"))
    }
}
