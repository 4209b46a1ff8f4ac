/// Byte constants and small scanners shared by the request and response decoders.
enum HTTPSyntax {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The end index (just after `\r\n\r\n`) of the head at the start of `bytes`, scanning from
    /// offset `scanned` (bytes before it were already checked); `nil` when incomplete.
    ///
    /// - Throws: ``HTTPParseError/malformed(_:)`` on a line feed not preceded by a carriage
    ///   return (bare LF line endings are refused rather than guessed at).
    static func findHeadEnd(in bytes: ArraySlice<UInt8>, scanned: inout Int) throws(HTTPParseError) -> Int? {
        var index = bytes.startIndex + scanned
        while index < bytes.endIndex {
            if bytes[index] == lf {
                guard index > bytes.startIndex, bytes[index - 1] == cr else {
                    throw .malformed("line ends with a bare line feed; end lines with CRLF")
                }
                if index - bytes.startIndex >= 3, bytes[index - 2] == lf, bytes[index - 3] == cr {
                    return index + 1
                }
            }
            index += 1
        }
        scanned = bytes.count
        return nil
    }

    /// The lines of a head (without the final empty line), each without its CRLF.
    static func lines(of head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(16)
        var start = head.startIndex
        var index = head.startIndex
        // The head ends with an empty line; every line before it ends with CRLF.
        while index < head.endIndex {
            if head[index] == lf {
                if index - start <= 1 { break }
                lines.append(head[start..<(index - 1)])
                start = index + 1
            }
            index += 1
        }
        return lines
    }

    /// Parses header field lines into headers.
    static func parseFields(_ lines: some Sequence<ArraySlice<UInt8>>) throws(HTTPParseError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in lines {
            guard let first = line.first, first != space, first != tab else {
                throw .malformed("header line starts with whitespace (obsolete line folding)")
            }
            guard let colon = line.firstIndex(of: colon) else {
                throw .malformed("header line has no colon")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(HTTPToken.isTokenCharacter) else {
                throw .malformed("invalid header name '\(String(decoding: name, as: UTF8.self))'")
            }
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == space || byte == tab { value = value.dropFirst() }
            while let byte = value.last, byte == space || byte == tab { value = value.dropLast() }
            guard value.allSatisfy(HTTPToken.isFieldValueCharacter) else {
                throw .malformed("header '\(String(decoding: name, as: UTF8.self))' has a control character")
            }
            headers.add(
                name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        }
        return headers
    }

    /// The message body framing declared by `headers` (RFC 9112, section 6.3).
    static func framing(of headers: HTTPHeaders, maxBodyBytes: Int) throws(HTTPParseError) -> BodyFraming {
        let transferEncodings = headers.values(for: "Transfer-Encoding")
        let contentLengths = headers.values(for: "Content-Length")
        if !transferEncodings.isEmpty {
            guard contentLengths.isEmpty else {
                throw .malformed("both 'Transfer-Encoding' and 'Content-Length' are present; send one")
            }
            let codings = transferEncodings.flatMap { $0.split(separator: ",") }
                .map { String($0.trimmingHTTPWhitespace()).lowercased() }
            if codings == ["chunked"] { return .chunked }
            guard codings.last == "chunked" else {
                throw .malformed(
                    "'Transfer-Encoding' does not end with 'chunked', so the body length is unknown")
            }
            throw .unsupportedTransferCoding(codings.dropLast().joined(separator: ", "))
        }
        guard !contentLengths.isEmpty else { return .none }
        let values = Set(
            contentLengths.flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPWhitespace() })
        guard values.count == 1, let text = values.first, !text.isEmpty,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw .malformed(
                "invalid 'Content-Length' \(contentLengths.map { "'\($0)'" }.joined(separator: ", "))")
        }
        guard text.utf8.count <= 18, let length = Int(text), length <= maxBodyBytes else {
            throw .bodyTooLarge(limit: maxBodyBytes)
        }
        return length == 0 ? .none : .contentLength(length)
    }
}

/// How the length of a message body is determined.
package enum BodyFraming: Sendable, Equatable {
    /// No body.
    case none
    /// Exactly this many bytes follow the head.
    case contentLength(Int)
    /// The body is sent in chunks, ended by a zero-size chunk and optional trailers.
    case chunked
}
