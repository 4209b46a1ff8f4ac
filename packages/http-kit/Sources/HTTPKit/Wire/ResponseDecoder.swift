import Foundation

/// An incremental HTTP/1.x response decoder, for clients: interim (1xx) responses are
/// skipped, and the body is framed by `Content-Length`, chunked coding, or the end of the
/// stream, and absent for `HEAD`, 204 and 304.
package struct ResponseDecoder {
    private struct Head {
        var status: HTTPStatus
        var headers: HTTPHeaders
        var framing: Framing
    }

    private enum Framing {
        case none
        case contentLength(Int)
        case chunked(ChunkedBodyDecoder)
        case untilClose
    }

    private let limits: RequestDecoder.Limits
    private var scanned = 0
    private var head: Head?

    package init(limits: RequestDecoder.Limits) {
        self.limits = limits
    }

    /// Removes and returns the next final response from `buffer`, or returns `nil` when more
    /// bytes are needed; pass `atEndOfStream` once the server has closed the connection.
    package mutating func decode(
        from buffer: inout ByteBuffer, requestMethod: HTTPMethod, atEndOfStream: Bool
    )
        throws(HTTPParseError) -> Response?
    {
        while true {
            guard var current = head else {
                guard try decodeHead(from: &buffer, requestMethod: requestMethod) else {
                    if atEndOfStream && !buffer.isEmpty { throw .malformed("response head is incomplete") }
                    return nil
                }
                continue
            }
            let body: [UInt8]?
            switch current.framing {
            case .none:
                body = []
            case .contentLength(let length):
                body = buffer.readableCount >= length ? Array(buffer.read(length)) : nil
            case .chunked(var decoder):
                body = try decoder.decode(from: &buffer)
                current.framing = .chunked(decoder)
                head = current
            case .untilClose:
                body = atEndOfStream ? Array(buffer.read(buffer.readableCount)) : nil
            }
            guard let body else {
                if atEndOfStream { throw .malformed("response body is incomplete") }
                return nil
            }
            head = nil
            return Response(status: current.status, headers: current.headers, body: Data(body))
        }
    }

    /// Decodes a head into `head`; returns `false` when it is incomplete. Interim responses
    /// are consumed and dropped.
    private mutating func decodeHead(from buffer: inout ByteBuffer, requestMethod: HTTPMethod)
        throws(HTTPParseError) -> Bool
    {
        let bytes = buffer.readable
        guard let end = try HTTPSyntax.findHeadEnd(in: bytes, scanned: &scanned) else {
            if bytes.count > limits.maxHeadBytes { throw .headersTooLarge(limit: limits.maxHeadBytes) }
            return false
        }
        let lines = HTTPSyntax.lines(of: bytes[bytes.startIndex..<end])
        buffer.consume(end - bytes.startIndex)
        scanned = 0
        guard let statusLine = lines.first else { throw .malformed("empty status line") }
        let status = try Self.parseStatusLine(statusLine)
        let headers = try HTTPSyntax.parseFields(lines.dropFirst())
        if status.isInformational { return true }
        let framing: Framing
        if requestMethod == .head || status.forbidsBody {
            framing = .none
        } else {
            switch try HTTPSyntax.framing(of: headers, maxBodyBytes: limits.maxBodyBytes) {
            case .chunked: framing = .chunked(ChunkedBodyDecoder(limits: limits))
            case .contentLength(let length): framing = .contentLength(length)
            case .none: framing = headers.contains(name: "Content-Length") ? .none : .untilClose
            }
        }
        head = Head(status: status, headers: headers, framing: framing)
        return true
    }

    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPStatus {
        let parts = line.split(separator: HTTPSyntax.space, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].starts(with: "HTTP/1.".utf8), parts[1].count == 3,
            let code = Int(String(decoding: parts[1], as: UTF8.self))
        else {
            throw .malformed("invalid status line '\(String(decoding: line, as: UTF8.self))'")
        }
        let reason = parts.count == 3 ? String(decoding: parts[2], as: UTF8.self) : ""
        return HTTPStatus(code: code, reasonPhrase: reason)
    }
}
