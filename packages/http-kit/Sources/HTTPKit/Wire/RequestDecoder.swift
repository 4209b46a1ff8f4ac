/// An incremental HTTP/1.x request decoder: feed it a buffer as bytes arrive, take the head
/// when it is complete, then the body.
///
/// It refuses rather than guesses: bare LF line endings, obsolete line folding, whitespace
/// before a header colon, conflicting `Content-Length` values and `Transfer-Encoding` with
/// `Content-Length` are errors (the usual request-smuggling vectors). Limits are checked as
/// bytes arrive, so an oversized head or body is refused before it is buffered.
package struct RequestDecoder {
    /// The size limits the decoder enforces.
    package struct Limits: Sendable {
        package var maxHeadBytes: Int
        package var maxBodyBytes: Int

        package init(maxHeadBytes: Int, maxBodyBytes: Int) {
            self.maxHeadBytes = maxHeadBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    private let limits: Limits
    private var scanned = 0
    private var chunked: ChunkedBodyDecoder?

    package init(limits: Limits) {
        self.limits = limits
    }

    /// Removes and returns the head at the start of `buffer`, or returns `nil` (consuming
    /// nothing but leading empty lines) when it has not fully arrived.
    package mutating func decodeHead(from buffer: inout ByteBuffer) throws(HTTPParseError) -> RequestHead? {
        if try skipLeadingEmptyLines(in: &buffer) {
            scanned = 0
        }
        let bytes = buffer.readable
        // A lone CR may be the start of an empty line to skip; wait for the byte after it.
        if bytes.count == 1 && bytes.first == HTTPSyntax.cr { return nil }
        guard let end = try HTTPSyntax.findHeadEnd(in: bytes, scanned: &scanned) else {
            if bytes.count > limits.maxHeadBytes { throw sizeError(bytes) }
            return nil
        }
        let head = bytes[bytes.startIndex..<end]
        if head.count > limits.maxHeadBytes { throw sizeError(head) }
        let parsed = try parseHead(head)
        buffer.consume(head.count)
        scanned = 0
        chunked = parsed.framing == .chunked ? ChunkedBodyDecoder(limits: limits) : nil
        return parsed
    }

    /// Removes and returns the body declared by `framing`, or returns `nil` when it has not
    /// fully arrived (a chunked body is decoded as far as it goes and kept until complete).
    package mutating func decodeBody(_ framing: BodyFraming, from buffer: inout ByteBuffer)
        throws(HTTPParseError)
        -> [UInt8]?
    {
        switch framing {
        case .none:
            return []
        case .contentLength(let length):
            guard buffer.readableCount >= length else { return nil }
            return Array(buffer.read(length))
        case .chunked:
            var decoder = chunked ?? ChunkedBodyDecoder(limits: limits)
            defer { chunked = decoder }
            return try decoder.decode(from: &buffer)
        }
    }

    /// Whether `framing`'s body is already complete in `buffer` (no need for a
    /// `100 Continue`); chunked bodies are only judged complete once fully decoded.
    package func isBodyBuffered(_ framing: BodyFraming, in buffer: ByteBuffer) -> Bool {
        switch framing {
        case .none: true
        case .contentLength(let length): buffer.readableCount >= length
        case .chunked: false
        }
    }

    /// Drops empty lines before the request line (RFC 9112, section 2.2 says a server should
    /// ignore them); returns whether any were dropped. A request line never starts with CR, so
    /// this is safe to call whenever no head has been decoded.
    private func skipLeadingEmptyLines(in buffer: inout ByteBuffer) throws(HTTPParseError) -> Bool {
        var skipped = false
        while buffer.readableCount >= 2 {
            let bytes = buffer.readable
            guard bytes[bytes.startIndex] == HTTPSyntax.cr, bytes[bytes.startIndex + 1] == HTTPSyntax.lf
            else {
                break
            }
            buffer.consume(2)
            skipped = true
        }
        if buffer.readable.first == HTTPSyntax.lf {
            throw .malformed("line ends with a bare line feed; end lines with CRLF")
        }
        return skipped
    }

    private func sizeError(_ bytes: ArraySlice<UInt8>) -> HTTPParseError {
        let requestLineLength =
            bytes.firstIndex(of: HTTPSyntax.lf).map { $0 - bytes.startIndex } ?? bytes.count
        return requestLineLength >= limits.maxHeadBytes
            ? .uriTooLong(limit: limits.maxHeadBytes) : .headersTooLarge(limit: limits.maxHeadBytes)
    }

    private func parseHead(_ head: ArraySlice<UInt8>) throws(HTTPParseError) -> RequestHead {
        let lines = HTTPSyntax.lines(of: head)
        guard let requestLine = lines.first else { throw .malformed("empty request line") }
        let parts = requestLine.split(separator: HTTPSyntax.space, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .malformed("request line must be 'METHOD target HTTP/1.1'")
        }
        guard let method = HTTPMethod(bytes: parts[0]) else { throw .malformed("invalid method") }
        let target = try Self.parseTarget(parts[1], method: method)
        let version = try Self.parseVersion(parts[2])
        let headers = try HTTPSyntax.parseFields(lines.dropFirst())
        let framing = try HTTPSyntax.framing(of: headers, maxBodyBytes: limits.maxBodyBytes)
        if framing == .chunked, version == .http1_0 {
            throw .malformed("'Transfer-Encoding' is not allowed in HTTP/1.0 requests")
        }
        var expectsContinue = false
        for value in headers.values(for: "Expect") {
            guard value.lowercased() == "100-continue" else { throw .unsupportedExpectation(value) }
            expectsContinue = version != .http1_0
        }
        return RequestHead(
            method: method, target: target, version: version, headers: headers, framing: framing,
            expectsContinue: expectsContinue)
    }

    private static func parseTarget(_ bytes: ArraySlice<UInt8>, method: HTTPMethod) throws(HTTPParseError)
        -> String
    {
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .malformed("request target has a control, space or non-ASCII character; percent-encode it")
        }
        let target = String(decoding: bytes, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        if target == "*" && method == .options { return target }
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return target }
        throw .malformed("request target '\(target)' must start with '/'")
    }

    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let start = bytes.startIndex
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[start + 6] == UInt8(ascii: "."),
            let major = Self.digit(bytes[start + 5]), let minor = Self.digit(bytes[start + 7])
        else {
            throw .malformed("invalid protocol version '\(String(decoding: bytes, as: UTF8.self))'")
        }
        guard major == 1 else { throw .unsupportedVersion(String(decoding: bytes, as: UTF8.self)) }
        return minor == 1 ? .http1_1 : HTTPVersion(major: 1, minor: minor)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
