extension Parser {
    /// Parses a pattern of a `case`, `if case`, `for` or destructuring `let`.
    ///
    /// - Parameter bindingByDefault: whether a plain name binds (after `let`, in a `for` loop) rather
    ///   than being an expression to compare with.
    mutating func parsePattern(bindingByDefault: Bool) throws(ManifestSyntaxError) -> Pattern {
        var pattern = try parsePatternPrimary(bindingByDefault: bindingByDefault)
        while current.kind == .operatorSymbol, current.text == "?", !current.spaceBefore {
            advance()
            pattern = .optional(pattern)
        }
        if current.isIdentifier("as") {
            advance()
            let type = try parseType()
            return .typeCheck(type)
        }
        return pattern
    }

    private mutating func parsePatternPrimary(bindingByDefault: Bool) throws(ManifestSyntaxError) -> Pattern {
        if current.isIdentifier("let") || current.isIdentifier("var") {
            advance()
            return try parsePattern(bindingByDefault: true)
        }
        if current.isIdentifier("_"), !peek().isPunctuation(".") {
            advance()
            return .wildcard
        }
        if current.isIdentifier("is") {
            advance()
            return .typeCheck(try parseType())
        }
        if current.isPunctuation("(") {
            advance()
            var elements: [Pattern] = []
            while !current.isPunctuation(")") {
                if isAtEnd { throw error("unterminated tuple pattern") }
                if current.kind == .identifier, peek().isPunctuation(":"), !peek(2).isPunctuation(":") {
                    advance()
                    advance()
                }
                elements.append(try parsePattern(bindingByDefault: bindingByDefault))
                if current.isPunctuation(",") { advance() }
            }
            advance()
            return elements.count == 1 ? elements[0] : .tuple(elements)
        }
        if current.isPunctuation("."), peek().kind == .identifier, peek(2).isPunctuation("("),
            !peek(2).spaceBefore
        {
            advance()
            let name = current.text
            advance()
            advance()
            var elements: [(label: String?, pattern: Pattern)] = []
            while !current.isPunctuation(")") {
                if isAtEnd { throw error("unterminated enum case pattern") }
                var label: String? = nil
                if current.kind == .identifier, peek().isPunctuation(":") {
                    label = current.text
                    advance()
                    advance()
                }
                elements.append((label, try parsePattern(bindingByDefault: bindingByDefault)))
                if current.isPunctuation(",") { advance() }
            }
            advance()
            return .enumCase(name, elements)
        }
        if bindingByDefault, current.kind == .identifier, !peek().isPunctuation("."),
            !peek().isPunctuation("(")
        {
            let name = current.text
            advance()
            return .binding(name)
        }
        return .expression(try parseExpression(trailingClosures: false))
    }
}

/// Parses the condition of an `#if` or `#elseif`: `os(Linux) && !canImport(Darwin) || swift(>=5.9)`.
enum CompilationConditionParser {
    static func parse(_ text: String, line: Int) throws(ManifestSyntaxError) -> CompilationCondition {
        var parser = State(characters: Array(text), line: line)
        let condition = try parser.parseOr()
        parser.skipSpaces()
        guard parser.index == parser.characters.count else {
            throw ManifestSyntaxError(message: "cannot read the '#if' condition '\(text)'", line: line)
        }
        return condition
    }

    struct State {
        var characters: [Character]
        var index = 0
        var line: Int

        func failure() -> ManifestSyntaxError {
            ManifestSyntaxError(
                message: "cannot read the '#if' condition '\(String(characters))'", line: line)
        }

        mutating func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func take(_ symbol: String) -> Bool {
            skipSpaces()
            let symbolCharacters = Array(symbol)
            guard index + symbolCharacters.count <= characters.count,
                Array(characters[index..<(index + symbolCharacters.count)]) == symbolCharacters
            else { return false }
            index += symbolCharacters.count
            return true
        }

        mutating func parseOr() throws(ManifestSyntaxError) -> CompilationCondition {
            var left = try parseAnd()
            while take("||") { left = .or(left, try parseAnd()) }
            return left
        }

        mutating func parseAnd() throws(ManifestSyntaxError) -> CompilationCondition {
            var left = try parseUnary()
            while take("&&") { left = .and(left, try parseUnary()) }
            return left
        }

        mutating func parseUnary() throws(ManifestSyntaxError) -> CompilationCondition {
            if take("!") { return .not(try parseUnary()) }
            if take("(") {
                let inner = try parseOr()
                guard take(")") else { throw failure() }
                return inner
            }
            skipSpaces()
            let start = index
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
            {
                index += 1
            }
            guard index > start else { throw failure() }
            let name = String(characters[start..<index])
            if name == "true" { return .boolean(true) }
            if name == "false" { return .boolean(false) }
            guard take("(") else { return .atom(name: name, argument: nil) }
            var depth = 1
            let argumentStart = index
            while index < characters.count {
                if characters[index] == "(" { depth += 1 }
                if characters[index] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                index += 1
            }
            guard index < characters.count else { throw failure() }
            let argument = String(characters[argumentStart..<index]).filter { !$0.isWhitespace }
            index += 1
            return .atom(name: name, argument: argument)
        }
    }
}
