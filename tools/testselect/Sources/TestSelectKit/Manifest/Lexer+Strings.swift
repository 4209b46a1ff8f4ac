extension Lexer {
    /// Lexes a string literal whose opening quote is at `index` (after any `#`s of a raw string).
    ///
    /// Handles escapes, `\(...)` interpolation (lexed into tokens), raw strings (`#"..."#`, where
    /// escapes need the same number of `#`s) and multi-line strings (`"""`, with the closing
    /// delimiter's indentation removed from every line).
    mutating func lexString(hashes: Int) throws(ManifestSyntaxError) -> StringLiteral {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        var indentation: [UInt8] = []
        if multiline {
            while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
            guard peek() == UInt8(ascii: "\n") else {
                throw error("multi-line string must start on a new line")
            }
            index += 1
            line += 1
            indentation = closingIndentation(hashes: hashes)
            skipIndentation(indentation)
        }
        var segments: [StringLiteral.Segment] = []
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string literal") }
            if byte == UInt8(ascii: "\"") && isClosingDelimiter(multiline: multiline, hashes: hashes) {
                index += (multiline ? 3 : 1) + hashes
                if multiline, text.last == UInt8(ascii: "\n") { text.removeLast() }
                if !text.isEmpty || segments.isEmpty {
                    segments.append(.text(String(decoding: text, as: UTF8.self)))
                }
                return StringLiteral(segments: segments)
            }
            if byte == UInt8(ascii: "\n") {
                guard multiline else { throw error("unterminated string literal") }
                index += 1
                line += 1
                text.append(byte)
                if isAtClosingLine(hashes: hashes) {
                    while let next = peek(), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                        index += 1
                    }
                } else {
                    skipIndentation(indentation)
                }
                continue
            }
            if byte == UInt8(ascii: "\\") {
                guard (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) else {
                    text.append(byte)
                    index += 1
                    continue
                }
                index += 1 + hashes
                guard let escape = peek() else { throw error("unterminated string literal") }
                index += 1
                switch escape {
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): text.append(escape)
                case UInt8(ascii: "u"): text.append(contentsOf: try lexUnicodeEscape())
                case UInt8(ascii: "("):
                    if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
                    text = []
                    segments.append(.interpolation(try lexTokens(stopAtUnbalancedParen: true)))
                case UInt8(ascii: "\n") where multiline:
                    line += 1
                    skipIndentation(indentation)
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    guard multiline else { throw error("invalid escape in a string literal") }
                    while let next = peek(), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                        index += 1
                    }
                    guard peek() == UInt8(ascii: "\n") else {
                        throw error("invalid escape in a string literal")
                    }
                    index += 1
                    line += 1
                    skipIndentation(indentation)
                default:
                    throw error("invalid escape in a string literal")
                }
                continue
            }
            text.append(byte)
            index += 1
        }
    }

    private func isClosingDelimiter(multiline: Bool, hashes: Int) -> Bool {
        let quotes = multiline ? 3 : 1
        for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
        for offset in 0..<hashes where peek(quotes + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    /// Whether the line starting at `index` holds only whitespace and the closing `"""`.
    private func isAtClosingLine(hashes: Int) -> Bool {
        var offset = 0
        while let byte = peek(offset), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
        for extra in 0..<3 where peek(offset + extra) != UInt8(ascii: "\"") { return false }
        return true
    }

    /// The whitespace before the closing `"""` of the multi-line string starting at `index`.
    private func closingIndentation(hashes: Int) -> [UInt8] {
        var position = index
        let closing = Array(("\"\"\"" + String(repeating: "#", count: hashes)).utf8)
        while position < bytes.count {
            var lineEnd = position
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var start = position
            while start < lineEnd, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
                start += 1
            }
            if lineEnd - start >= closing.count, Array(bytes[start..<start + closing.count]) == closing {
                return Array(bytes[position..<start])
            }
            position = lineEnd + 1
        }
        return []
    }

    private mutating func skipIndentation(_ indentation: [UInt8]) {
        var offset = 0
        while offset < indentation.count, peek(offset) == indentation[offset] { offset += 1 }
        if offset == indentation.count { index += offset }
    }

    private mutating func lexUnicodeEscape() throws(ManifestSyntaxError) -> [UInt8] {
        guard peek() == UInt8(ascii: "{") else { throw error("invalid unicode escape") }
        index += 1
        let start = index
        while let byte = peek(), byte != UInt8(ascii: "}") { index += 1 }
        guard peek() == UInt8(ascii: "}"),
            let code = UInt32(String(decoding: bytes[start..<index], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(code)
        else { throw error("invalid unicode escape") }
        index += 1
        return Array(String(Character(scalar)).utf8)
    }
}
