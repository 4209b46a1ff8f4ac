/// A recursive-descent parser for the Swift subset manifests use.
///
/// It parses the statements and expressions manifests are written with (declarations, calls,
/// closures, functions, `if`/`guard`/`switch`/`for`/`while`, `#if`, extensions) and keeps what it
/// does not model as `.unsupported` with its tokens, so the interpreter can tell what such a
/// statement could change.
struct Parser {
    var tokens: [Token]
    var position = 0
    /// The id the next closure gets.
    var nextClosureID = 0
    /// The other variables of a declaration of several (`let a = 1, b = 2`), to follow it.
    var pendingStatements: [Statement] = []

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses a whole manifest.
    static func parse(_ text: String) throws(ManifestSyntaxError) -> [Statement] {
        var parser = Parser(tokens: try Lexer.tokenize(text))
        return try parser.parseStatements(until: .endOfFile)
    }

    var current: Token { tokens[position] }

    func peek(_ offset: Int = 1) -> Token {
        let index = position + offset
        return index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    var isAtEnd: Bool { current.kind == .endOfFile }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func error(_ message: String) -> ManifestSyntaxError {
        ManifestSyntaxError(message: message, line: current.line)
    }

    mutating func expectPunctuation(_ symbol: String) throws(ManifestSyntaxError) {
        guard current.isPunctuation(symbol) else {
            throw error("expected '\(symbol)' but found '\(current.displayText)'")
        }
        advance()
    }

    mutating func expectIdentifier() throws(ManifestSyntaxError) -> String {
        guard current.kind == .identifier else {
            throw error("expected a name but found '\(current.displayText)'")
        }
        let name = current.text
        advance()
        return name
    }

    /// Skips a balanced group starting at an opening bracket and returns the tokens inside it.
    mutating func skipBalanced() throws(ManifestSyntaxError) -> [Token] {
        let open = current.text
        let close: String
        switch open {
        case "(": close = ")"
        case "[": close = "]"
        case "{": close = "}"
        default: throw error("expected a bracket")
        }
        let start = position
        var depth = 0
        while !isAtEnd {
            if current.kind == .punctuation {
                if current.text == "(" || current.text == "[" || current.text == "{" { depth += 1 }
                if current.text == ")" || current.text == "]" || current.text == "}" {
                    depth -= 1
                    if depth == 0 {
                        guard current.text == close else { throw error("mismatched '\(current.text)'") }
                        let inner = Array(tokens[(start + 1)..<position])
                        advance()
                        return inner
                    }
                }
            }
            advance()
        }
        throw error("unbalanced '\(open)'")
    }

    /// Reads a type (`[String: Int]`, `Target.Dependency?`, `(Int) -> Void`, `some Sequence<Int>`) and
    /// returns it as written, without spaces.
    @discardableResult
    mutating func parseType() throws(ManifestSyntaxError) -> String {
        let start = position
        while current.kind == .identifier,
            ["some", "any", "inout", "borrowing", "consuming", "sending"].contains(current.text)
        {
            advance()
        }
        while current.isPunctuation("@") {
            advance()
            _ = try expectIdentifier()
            if current.isPunctuation("("), !current.spaceBefore { _ = try skipBalanced() }
        }
        if current.isPunctuation("[") || current.isPunctuation("(") {
            _ = try skipBalanced()
        } else {
            _ = try expectIdentifier()
            skipGenericArguments()
            while current.isPunctuation("."), peek().kind == .identifier {
                advance()
                advance()
                skipGenericArguments()
            }
        }
        while current.kind == .operatorSymbol, !current.spaceBefore,
            current.text == "?" || current.text == "!" || current.text == "..."
        {
            advance()
        }
        while current.kind == .identifier, ["async", "throws", "rethrows"].contains(current.text) {
            advance()
        }
        if current.isOperator("->") {
            advance()
            try parseType()
        }
        return tokens[start..<position].map(\.sourceText).joined()
    }

    /// Skips `<...>` right after a type name when it looks like generic arguments.
    mutating func skipGenericArguments() {
        guard current.kind == .operatorSymbol, current.text.hasPrefix("<"), !current.spaceBefore else {
            return
        }
        var depth = 0
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .operatorSymbol {
                for scalar in token.text.unicodeScalars {
                    if scalar == "<" {
                        depth += 1
                    } else if scalar == ">" {
                        depth -= 1
                    } else if scalar != "?" {
                        return
                    }
                }
                if depth == 0 {
                    position = index + 1
                    return
                }
            } else if token.kind == .identifier || token.isPunctuation(".") || token.isPunctuation(",")
                || token.isPunctuation("[") || token.isPunctuation("]") || token.isPunctuation(":")
            {
                // part of a type
            } else {
                return
            }
            index += 1
        }
    }
}

extension Token {
    /// The token's text as source (a string literal as `"..."`), for type names.
    var sourceText: String {
        switch kind {
        case .string: return "\"...\""
        case .directive, .poundKeyword: return "#" + text
        case .endOfFile: return ""
        default: return text
        }
    }

    /// The token as it would read in source, for messages.
    var displayText: String {
        switch kind {
        case .endOfFile: return "end of file"
        case .string: return "a string"
        case .directive, .poundKeyword: return "#" + text
        default: return text
        }
    }
}
