/// Splits manifest source into tokens: the Swift subset that `Package.swift` files use, plus enough
/// of the rest of Swift (closures, operators, raw and multi-line strings) to skip it safely.
package struct Lexer {
    let bytes: [UInt8]
    var index = 0
    var line = 1

    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
    }

    /// Tokenizes the whole input; the last token is `.endOfFile`.
    package static func tokenize(_ text: String) throws(ManifestSyntaxError) -> [Token] {
        var lexer = Lexer(text)
        return try lexer.lexTokens(stopAtUnbalancedParen: false)
    }

    /// Lexes tokens until the end of input or, inside an interpolation, an unbalanced `)`.
    mutating func lexTokens(stopAtUnbalancedParen: Bool) throws(ManifestSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var depth = 0
        while true {
            let (space, newline) = try skipTrivia()
            guard index < bytes.count else {
                if stopAtUnbalancedParen { throw error("unterminated string interpolation") }
                tokens.append(
                    Token(kind: .endOfFile, text: "", line: line, newlineBefore: true, spaceBefore: true))
                return tokens
            }
            let byte = bytes[index]
            if stopAtUnbalancedParen {
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if depth == 0 {
                        index += 1
                        return tokens
                    }
                    depth -= 1
                }
            }
            var token = try lexToken(startingWith: byte)
            token.spaceBefore = space || tokens.isEmpty
            token.newlineBefore = newline || tokens.isEmpty
            tokens.append(token)
        }
    }

    func error(_ message: String) -> ManifestSyntaxError {
        ManifestSyntaxError(message: message, line: line)
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    /// Skips whitespace and comments; reports whether there was any, and whether it held a line break.
    mutating func skipTrivia() throws(ManifestSyntaxError) -> (space: Bool, newline: Bool) {
        var space = false
        var newline = false
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
                space = true
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                space = true
                newline = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
                space = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                index += 2
                var nesting = 1
                while nesting > 0 {
                    guard let next = peek() else { throw error("unterminated block comment") }
                    if next == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                        nesting += 1
                        index += 2
                    } else if next == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        nesting -= 1
                        index += 2
                    } else {
                        if next == UInt8(ascii: "\n") {
                            line += 1
                            newline = true
                        }
                        index += 1
                    }
                }
                space = true
            default:
                return (space, newline)
            }
        }
        return (space, newline)
    }

    mutating func lexToken(startingWith byte: UInt8) throws(ManifestSyntaxError) -> Token {
        let startLine = line
        func make(_ kind: Token.Kind, _ text: String) -> Token {
            Token(kind: kind, text: text, line: startLine, newlineBefore: false, spaceBefore: false)
        }
        if Lexer.isIdentifierStart(byte) {
            return make(.identifier, lexIdentifier())
        }
        if byte == UInt8(ascii: "`") {
            index += 1
            let name = lexIdentifier()
            guard peek() == UInt8(ascii: "`") else { throw error("unterminated backticked name") }
            index += 1
            return make(.identifier, name)
        }
        if Lexer.isDigit(byte) {
            return lexNumber(line: startLine)
        }
        if byte == UInt8(ascii: "\"") {
            var token = make(.string, "")
            token.string = try lexString(hashes: 0)
            return token
        }
        if byte == UInt8(ascii: "#") {
            var hashes = 0
            while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if peek(hashes) == UInt8(ascii: "\"") {
                index += hashes
                var token = make(.string, "")
                token.string = try lexString(hashes: hashes)
                return token
            }
            index += 1
            guard let next = peek(), Lexer.isIdentifierStart(next) else { throw error("unexpected '#'") }
            let word = lexIdentifier()
            switch word {
            case "if", "elseif":
                var token = make(.directive, word)
                token.string = StringLiteral(segments: [.text(lexRestOfLine())])
                return token
            case "else", "endif":
                return make(.directive, word)
            default:
                return make(.poundKeyword, word)
            }
        }
        if Lexer.isPunctuationByte(byte) {
            index += 1
            return make(.punctuation, String(UnicodeScalar(byte)))
        }
        if byte == UInt8(ascii: ".") {
            if let next = peek(1), Lexer.isOperatorByte(next) || next == UInt8(ascii: ".") {
                return make(.operatorSymbol, lexOperator(allowDots: true))
            }
            index += 1
            return make(.punctuation, ".")
        }
        if Lexer.isOperatorByte(byte) {
            return make(.operatorSymbol, lexOperator(allowDots: false))
        }
        throw error("unexpected character '\(String(UnicodeScalar(byte)))'")
    }

    mutating func lexIdentifier() -> String {
        let start = index
        while let byte = peek(), Lexer.isIdentifierContinue(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func lexOperator(allowDots: Bool) -> String {
        let start = index
        while let byte = peek() {
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
                break
            }
            guard Lexer.isOperatorByte(byte) || (allowDots && byte == UInt8(ascii: ".")) else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func lexNumber(line: Int) -> Token {
        let start = index
        var isFloat = false
        if peek() == UInt8(ascii: "0"), let base = peek(1), "xob".utf8.contains(base) {
            index += 2
            while let byte = peek(), Lexer.isIdentifierContinue(byte) { index += 1 }
        } else {
            while let byte = peek(), Lexer.isDigit(byte) || byte == UInt8(ascii: "_") { index += 1 }
            if peek() == UInt8(ascii: "."), let next = peek(1), Lexer.isDigit(next) {
                isFloat = true
                index += 1
                while let byte = peek(), Lexer.isDigit(byte) || byte == UInt8(ascii: "_") { index += 1 }
            }
            if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                isFloat = true
                index += 1
                if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
                while let byte = peek(), Lexer.isDigit(byte) || byte == UInt8(ascii: "_") { index += 1 }
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return Token(
            kind: isFloat ? .float : .integer, text: text, line: line, newlineBefore: false,
            spaceBefore: false)
    }

    /// The rest of the current line, without a trailing comment (the condition of `#if`).
    mutating func lexRestOfLine() -> String {
        let start = index
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
                break
            }
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return text.trimmingSpaces()
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    static func isPunctuationByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"),
            UInt8(ascii: "\\"):
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    package func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" {
            scalars.removeFirst()
        }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
