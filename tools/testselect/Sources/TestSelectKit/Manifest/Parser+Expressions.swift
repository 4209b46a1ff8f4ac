extension Parser {
    /// Binary operator precedences (higher binds tighter), following the standard library's groups.
    static func precedence(of op: String) -> Int {
        switch op {
        case "||": return 110
        case "&&": return 120
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": return 130
        case "??": return 131
        case "..<", "...": return 135
        case "+", "-", "|", "^", "&+", "&-": return 140
        case "*", "/", "%", "&", "&*": return 150
        case "<<", ">>": return 160
        default: return 140
        }
    }

    static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>=", "??=",
    ]

    /// Parses an expression; `trailingClosures: false` in `for`/`if` headers, where `{` opens the body.
    mutating func parseExpression(trailingClosures: Bool = true) throws(ManifestSyntaxError) -> Expression {
        let condition = try parseBinary(minimum: 0, trailingClosures: trailingClosures)
        if current.isOperator("?"), current.spaceBefore {
            let line = current.line
            advance()
            let whenTrue = try parseExpression(trailingClosures: trailingClosures)
            try expectPunctuation(":")
            let whenFalse = try parseExpression(trailingClosures: trailingClosures)
            return .ternary(condition, whenTrue, whenFalse, line: line)
        }
        return condition
    }

    /// Whether the current operator token is used as a binary operator (spaces on both sides or on neither).
    var isBinaryOperator: Bool {
        guard current.kind == .operatorSymbol, !Parser.assignmentOperators.contains(current.text) else {
            return false
        }
        if current.text == "?" || current.text == "->" { return false }
        let spaceAfter = peek().spaceBefore
        if current.newlineBefore { return spaceAfter }
        return current.spaceBefore == spaceAfter
    }

    mutating func parseBinary(minimum: Int, trailingClosures: Bool) throws(ManifestSyntaxError) -> Expression
    {
        var left = try parsePrefixed(trailingClosures: trailingClosures)
        while true {
            if current.kind == .identifier, current.text == "as" || current.text == "is",
                !current.newlineBefore
            {
                let line = current.line
                var op = current.text
                advance()
                if current.kind == .operatorSymbol, current.text == "?" || current.text == "!",
                    !current.spaceBefore
                {
                    op += current.text
                    advance()
                }
                let type = try parseType()
                left = .cast(left, op, type: type, line: line)
                continue
            }
            guard isBinaryOperator else { return left }
            let op = current.text
            let precedence = Parser.precedence(of: op)
            guard precedence > minimum else { return left }
            let line = current.line
            advance()
            let right = try parseBinary(
                minimum: op == "??" ? precedence - 1 : precedence, trailingClosures: trailingClosures)
            left = .binary(op, left, right, line: line)
        }
    }

    mutating func parsePrefixed(trailingClosures: Bool) throws(ManifestSyntaxError) -> Expression {
        let line = current.line
        if current.kind == .identifier, current.text == "try" || current.text == "await" {
            var word = current.text
            advance()
            if current.kind == .operatorSymbol, current.text == "?" || current.text == "!",
                !current.spaceBefore
            {
                word += current.text
                advance()
            }
            return .effect(word, try parsePrefixed(trailingClosures: trailingClosures), line: line)
        }
        if current.kind == .operatorSymbol {
            let op = current.text
            advance()
            return .prefix(op, try parsePrefixed(trailingClosures: trailingClosures), line: line)
        }
        let primary = try parsePrimary(trailingClosures: trailingClosures)
        return try parsePostfix(primary, trailingClosures: trailingClosures)
    }

    mutating func parsePrimary(trailingClosures: Bool) throws(ManifestSyntaxError) -> Expression {
        let token = current
        let line = token.line
        switch token.kind {
        case .identifier:
            switch token.text {
            case "true", "false":
                advance()
                return .boolean(token.text == "true", line: line)
            case "nil":
                advance()
                return .nilLiteral(line: line)
            case "if":
                return .statementExpression(.ifStatement(try parseIf()), line: line)
            case "switch":
                return .statementExpression(.switchStatement(try parseSwitch()), line: line)
            case "do", "guard", "while", "for", "return":
                throw error("'\(token.text)' cannot start an expression here")
            default:
                advance()
                if token.text.first?.isUppercase == true { skipGenericArguments() }
                return .identifier(token.text, line: line)
            }
        case .integer:
            advance()
            let digits = token.text.filter { $0 != "_" }
            if let value = Int(digits) { return .integer(value, line: line) }
            return .opaque("the number \(token.text)", line: line)
        case .float:
            advance()
            if let value = Double(token.text.filter { $0 != "_" }) { return .float(value, line: line) }
            return .opaque("the number \(token.text)", line: line)
        case .string:
            advance()
            return .stringLiteral(try parseStringParts(token.string), line: line)
        case .poundKeyword:
            advance()
            if current.isPunctuation("("), !current.spaceBefore { _ = try skipBalanced() }
            return .opaque("#\(token.text)", line: line)
        case .punctuation:
            return try parseBracketed(token, trailingClosures: trailingClosures)
        case .operatorSymbol, .directive, .endOfFile:
            throw error("unexpected '\(token.displayText)'")
        }
    }

    mutating func parseBracketed(_ token: Token, trailingClosures: Bool) throws(ManifestSyntaxError)
        -> Expression
    {
        let line = token.line
        switch token.text {
        case ".":
            advance()
            let name = try expectIdentifier()
            return .implicitMember(name, line: line)
        case "(":
            let arguments = try parseArguments(close: ")")
            if arguments.count == 1, arguments[0].label == nil { return arguments[0].value }
            return .tuple(arguments, line: line)
        case "[":
            return try parseCollection()
        case "{":
            return .closure(try parseClosure())
        case "\\":
            // A key path `\.a.b` (or `\Type.a.b`) is read as the closure `{ $0.a.b }`.
            advance()
            if current.kind == .identifier, !current.spaceBefore { try parseType() }
            var body: Expression = .identifier("$0", line: line)
            var names = 0
            while current.isPunctuation("."), peek().kind == .identifier {
                advance()
                body = .member(body, current.text, line: line)
                names += 1
                advance()
            }
            guard names > 0 else { return .opaque("a key path", line: line) }
            nextClosureID += 1
            return .closure(
                ClosureExpression(
                    id: nextClosureID, parameters: [], body: [.returnStatement(body, line: line)],
                    resultType: nil, anonymousParameters: 1, line: line))
        default:
            throw error("unexpected '\(token.text)'")
        }
    }

    mutating func parseStringParts(_ literal: StringLiteral?) throws(ManifestSyntaxError) -> [StringPart] {
        guard let literal else { return [] }
        var parts: [StringPart] = []
        for segment in literal.segments {
            switch segment {
            case .text(let text):
                parts.append(.text(text))
            case .interpolation(let inner):
                var tokens = inner
                tokens.append(
                    Token(
                        kind: .endOfFile, text: "", line: current.line, newlineBefore: true, spaceBefore: true
                    ))
                var parser = Parser(tokens: tokens)
                parser.nextClosureID = nextClosureID
                let arguments = try parser.parseArgumentList(close: nil)
                nextClosureID = parser.nextClosureID
                guard arguments.count == 1, arguments[0].label == nil else {
                    parts.append(.interpolation(.opaque("a formatted interpolation", line: current.line)))
                    continue
                }
                parts.append(.interpolation(arguments[0].value))
            }
        }
        return parts
    }

    /// `[a, b]`, `[k: v]`, `[:]`, `[]`.
    mutating func parseCollection() throws(ManifestSyntaxError) -> Expression {
        let line = current.line
        advance()
        if current.isPunctuation(":"), peek().isPunctuation("]") {
            advance()
            advance()
            return .dictionary([], line: line)
        }
        var elements: [Expression] = []
        var entries: [DictionaryEntry] = []
        while !current.isPunctuation("]") {
            if isAtEnd { throw error("unterminated '['") }
            if current.kind == .directive { throw error("'#\(current.text)' inside a collection literal") }
            let element = try parseExpression()
            if current.isPunctuation(":") {
                advance()
                entries.append(DictionaryEntry(key: element, value: try parseExpression()))
            } else {
                elements.append(element)
            }
            if current.isPunctuation(",") {
                advance()
            } else if !current.isPunctuation("]") {
                throw error("expected ',' or ']' but found '\(current.displayText)'")
            }
        }
        advance()
        if !entries.isEmpty {
            guard elements.isEmpty else { throw error("mixed array and dictionary literal") }
            return .dictionary(entries, line: line)
        }
        return .array(elements, line: line)
    }

    /// Parses `( args )` or `[ args ]` starting at the opening bracket.
    mutating func parseArguments(close: String) throws(ManifestSyntaxError) -> [CallArgument] {
        advance()
        return try parseArgumentList(close: close)
    }

    /// Parses `label: value, value, ...` up to `close` (or the end of input when nil), consuming `close`.
    mutating func parseArgumentList(close: String?) throws(ManifestSyntaxError) -> [CallArgument] {
        var arguments: [CallArgument] = []
        func atClose(_ parser: Parser) -> Bool {
            if let close { return parser.current.isPunctuation(close) }
            return parser.isAtEnd
        }
        while !atClose(self) {
            if isAtEnd { throw error("unterminated argument list") }
            if current.kind == .directive { throw error("'#\(current.text)' inside an argument list") }
            var label: String? = nil
            if current.kind == .identifier, peek().isPunctuation(":") {
                label = current.text
                advance()
                advance()
            }
            arguments.append(CallArgument(label: label, value: try parseExpression()))
            if current.isPunctuation(",") {
                advance()
            } else if !atClose(self) {
                throw error("expected ',' or '\(close ?? "end")' but found '\(current.displayText)'")
            }
        }
        if close != nil { advance() }
        return arguments
    }

    mutating func parsePostfix(_ base: Expression, trailingClosures: Bool) throws(ManifestSyntaxError)
        -> Expression
    {
        var expression = base
        while true {
            let token = current
            let line = token.line
            if token.isPunctuation(".") {
                advance()
                if current.kind == .identifier || current.kind == .integer {
                    let name = current.text
                    advance()
                    expression = .member(expression, name, line: line)
                    continue
                }
                throw error("expected a member name after '.'")
            }
            if token.newlineBefore { return expression }
            if token.isPunctuation("(") {
                expression = .call(expression, try parseArguments(close: ")"), line: line)
                continue
            }
            if token.isPunctuation("[") {
                expression = .subscriptAccess(expression, try parseArguments(close: "]"), line: line)
                continue
            }
            if token.isPunctuation("{"), trailingClosures {
                var arguments = [CallArgument(label: nil, value: .closure(try parseClosure()))]
                while current.kind == .identifier, peek().isPunctuation(":"), peek(2).isPunctuation("{") {
                    let label = current.text
                    advance()
                    advance()
                    arguments.append(CallArgument(label: label, value: .closure(try parseClosure())))
                }
                if case .call(let callee, let existing, let callLine) = expression {
                    expression = .call(callee, existing + arguments, line: callLine)
                } else {
                    expression = .call(expression, arguments, line: line)
                }
                continue
            }
            if token.kind == .operatorSymbol, !token.spaceBefore, token.text == "?" || token.text == "!" {
                advance()
                expression = .postfix(token.text, expression, line: line)
                continue
            }
            return expression
        }
    }
}

extension Parser {
    /// `{ body }`, `{ a, b in body }`, `{ (a: T, _) -> R in body }`, `{ [weak x] in body }`.
    mutating func parseClosure() throws(ManifestSyntaxError) -> ClosureExpression {
        let line = current.line
        try expectPunctuation("{")
        nextClosureID += 1
        let id = nextClosureID
        var parameters: [String] = []
        var resultType: String? = nil
        if let inIndex = signatureEnd() {
            if current.isPunctuation("[") { _ = try skipBalanced() }
            if current.isPunctuation("(") {
                advance()
                while !current.isPunctuation(")") {
                    if isAtEnd { throw error("unterminated closure parameters") }
                    let name = try expectIdentifier()
                    var inner = name
                    if current.kind == .identifier {
                        inner = current.text
                        advance()
                    }
                    parameters.append(inner)
                    if current.isPunctuation(":") {
                        advance()
                        try parseType()
                    }
                    if current.isPunctuation(",") { advance() }
                }
                advance()
            } else {
                while current.kind == .identifier, !current.isIdentifier("in") {
                    parameters.append(current.text)
                    advance()
                    if current.isPunctuation(",") { advance() }
                }
            }
            while current.kind == .identifier, ["throws", "async", "rethrows"].contains(current.text) {
                advance()
            }
            if current.isOperator("->") {
                advance()
                resultType = try parseType()
            }
            guard position == inIndex, current.isIdentifier("in") else {
                throw error("unexpected '\(current.displayText)' in a closure signature")
            }
            advance()
        }
        let bodyStart = position
        let body = try parseStatements(until: .closingBrace)
        var anonymous = 0
        for token in tokens[bodyStart..<position] where token.kind == .identifier && token.text.hasPrefix("$")
        {
            if let index = Int(token.text.dropFirst()) { anonymous = max(anonymous, index + 1) }
        }
        try expectPunctuation("}")
        return ClosureExpression(
            id: id, parameters: parameters, body: body, resultType: resultType,
            anonymousParameters: anonymous,
            line: line)
    }

    /// The position of a closure signature's `in`, when the closure (whose `{` was just consumed)
    /// starts with one.
    func signatureEnd() -> Int? {
        let allowed: Set<String> = ["(", ")", ",", ":", "[", "]", "->", "?", "!", ".", "<", ">", "@", "..."]
        let keywords: Set<String> = [
            "let", "var", "if", "for", "guard", "switch", "return", "while", "do", "repeat", "throw", "break",
            "continue", "case", "default", "func",
        ]
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if token.isIdentifier("in") { return index }
            switch token.kind {
            case .identifier:
                if keywords.contains(token.text) { return nil }
            case .punctuation, .operatorSymbol:
                if !allowed.contains(token.text) { return nil }
            default:
                return nil
            }
            index += 1
        }
        return nil
    }
}
