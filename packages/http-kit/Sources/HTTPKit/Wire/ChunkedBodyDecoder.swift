/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112, section 7.1) as bytes arrive.
///
/// Chunk extensions are ignored and trailer fields are read and dropped; the body limit is
/// checked before each chunk is buffered.
package struct ChunkedBodyDecoder {
    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers(bytesSeen: Int)
    }

    /// The longest chunk-size line accepted (size, extensions and CRLF).
    private static let maxSizeLineBytes = 4096

    private let limits: RequestDecoder.Limits
    private var state = State.size
    private var body: [UInt8] = []

    package init(limits: RequestDecoder.Limits) {
        self.limits = limits
    }

    /// Consumes what it can from `buffer`; returns the whole body once the last chunk and the
    /// trailers have arrived, `nil` before.
    package mutating func decode(from buffer: inout ByteBuffer) throws(HTTPParseError) -> [UInt8]? {
        while true {
            switch state {
            case .size:
                guard let line = try takeLine(from: &buffer, limit: Self.maxSizeLineBytes) else { return nil }
                let size = try parseSize(line)
                state = size == 0 ? .trailers(bytesSeen: 0) : .data(remaining: size)
            case .data(let remaining):
                guard !buffer.isEmpty else { return nil }
                let count = min(remaining, buffer.readableCount)
                body.append(contentsOf: buffer.read(count))
                state = count == remaining ? .dataEnd : .data(remaining: remaining - count)
            case .dataEnd:
                guard buffer.readableCount >= 2 else { return nil }
                let end = buffer.read(2)
                guard end.first == HTTPSyntax.cr, end.last == HTTPSyntax.lf else {
                    throw .malformed("chunk data is not followed by CRLF")
                }
                state = .size
            case .trailers(let bytesSeen):
                let remaining = limits.maxHeadBytes - bytesSeen
                guard
                    let line = try takeLine(
                        from: &buffer, limit: remaining, tooLong: .headersTooLarge(limit: limits.maxHeadBytes)
                    )
                else {
                    return nil
                }
                if line.isEmpty {
                    state = .size
                    defer { body = [] }
                    return body
                }
                _ = try HTTPSyntax.parseFields([line])
                state = .trailers(bytesSeen: bytesSeen + line.count + 2)
            }
        }
    }

    /// Removes one CRLF-terminated line (returned without the CRLF) from `buffer`.
    private func takeLine(
        from buffer: inout ByteBuffer, limit: Int, tooLong: HTTPParseError? = nil
    ) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        let bytes = buffer.readable
        guard let lf = bytes.firstIndex(of: HTTPSyntax.lf) else {
            if bytes.count > limit { throw tooLong ?? .malformed("chunk size line is too long") }
            return nil
        }
        let length = lf - bytes.startIndex + 1
        if length > limit { throw tooLong ?? .malformed("chunk size line is too long") }
        guard length >= 2, bytes[lf - 1] == HTTPSyntax.cr else {
            throw .malformed("line ends with a bare line feed; end lines with CRLF")
        }
        let line = Array(bytes[bytes.startIndex..<(lf - 1)])[...]
        buffer.consume(length)
        return line
    }

    private func parseSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let digits = line.prefix { HTTPSyntax.hexValue($0) != nil }
        guard !digits.isEmpty else { throw .malformed("chunk size is not a hexadecimal number") }
        let rest = line.dropFirst(digits.count).drop { $0 == HTTPSyntax.space || $0 == HTTPSyntax.tab }
        guard rest.isEmpty || rest.first == UInt8(ascii: ";") else {
            throw .malformed("chunk size is followed by unexpected characters")
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 15 else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        let size = significant.reduce(0) { $0 << 4 | Int(HTTPSyntax.hexValue($1) ?? 0) }
        guard body.count + size <= limits.maxBodyBytes else {
            throw .bodyTooLarge(limit: limits.maxBodyBytes)
        }
        return size
    }
}
