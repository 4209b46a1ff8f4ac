extension Parser {
    /// Where a statement list ends.
    enum StatementListEnd {
        case endOfFile
        case closingBrace
        case directive
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final",
        "nonisolated", "indirect", "lazy", "mutating", "nonmutating", "override", "convenience",
        "required", "dynamic", "weak", "unowned",
    ]

    static let declarationKeywords: Set<String> = [
        "func", "struct", "enum", "class", "extension", "protocol", "actor", "typealias", "init", "subscript",
        "macro", "precedencegroup", "operator", "prefix", "postfix", "infix",
    ]

    static let skippedStatementKeywords: Set<String> = [
        "while", "repeat", "switch", "do", "guard", "defer", "return", "throw", "break", "continue",
        "fallthrough",
    ]

    /// Parses statements until `end` (not consuming a closing brace or a directive).
    mutating func parseStatements(until end: StatementListEnd) throws(ManifestSyntaxError) -> [Statement] {
        var statements: [Statement] = []
        while true {
            while current.isPunctuation(";") { advance() }
            switch end {
            case .endOfFile:
                if isAtEnd { return statements }
                if current.isPunctuation("}") { throw error("unexpected '}'") }
                if current.kind == .directive, current.text != "if" {
                    throw error("unexpected '#\(current.text)'")
                }
            case .closingBrace:
                if current.isPunctuation("}") { return statements }
                if isAtEnd { throw error("missing '}'") }
                if current.kind == .directive, current.text != "if" {
                    throw error("unexpected '#\(current.text)'")
                }
            case .directive:
                if current.kind == .directive, current.text != "if" { return statements }
                if isAtEnd { throw error("missing '#endif'") }
            }
            let statement = try parseStatement()
            statements.append(statement)
            if !(isAtEnd || current.newlineBefore || current.isPunctuation(";") || current.isPunctuation("}")
                || current.kind == .directive)
            {
                throw error("unexpected '\(current.displayText)' after a statement")
            }
        }
    }

    mutating func parseStatement() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        if current.kind == .directive { return try parseConditionalCompilation() }
        while current.isPunctuation("@") {
            advance()
            _ = try expectIdentifier()
            if current.isPunctuation("("), !current.spaceBefore { _ = try skipBalanced() }
        }
        while current.kind == .identifier, Parser.modifiers.contains(current.text),
            peek().kind == .identifier || peek().isPunctuation("(")
        {
            advance()
            if current.isPunctuation("(") { _ = try skipBalanced() }
        }
        guard current.kind == .identifier else { return try parseExpressionStatement() }
        switch current.text {
        case "import":
            advance()
            while !isAtEnd, !current.newlineBefore, !current.isPunctuation(";") { advance() }
            return .importDeclaration(line: line)
        case "let", "var":
            return try parseVariable()
        case "for":
            return .forLoop(try parseForLoop())
        case "if":
            return .ifStatement(try parseIf())
        case let word where Parser.declarationKeywords.contains(word):
            return .declaration(try parseDeclaration())
        case let word where Parser.skippedStatementKeywords.contains(word):
            advance()
            try skipStatementRest()
            return .unsupported("a '\(word)' statement", line: line)
        default:
            return try parseExpressionStatement()
        }
    }

    mutating func parseExpressionStatement() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        let expression = try parseExpression()
        if current.kind == .operatorSymbol, Parser.assignmentOperators.contains(current.text),
            !current.newlineBefore
        {
            let op = current.text
            advance()
            return .assignment(target: expression, op: op, value: try parseExpression(), line: line)
        }
        return .expression(expression, line: line)
    }

    mutating func parseVariable() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        let isConstant = current.text == "let"
        advance()
        guard current.kind == .identifier else {
            try skipStatementRest()
            return .unsupported("a destructuring '\(isConstant ? "let" : "var")'", line: line)
        }
        let name = current.text
        advance()
        if current.isPunctuation(":") {
            advance()
            try skipType()
        }
        if current.isPunctuation("{") {
            _ = try skipBalanced()
            return .variable(
                VariableDeclaration(
                    isConstant: isConstant, name: name, value: nil, isComputed: true, line: line))
        }
        var value: Expression? = nil
        if current.isOperator("=") {
            advance()
            value = try parseExpression()
        }
        if current.isPunctuation(","), !current.newlineBefore {
            try skipStatementRest()
            return .unsupported("several variables in one declaration", line: line)
        }
        return .variable(
            VariableDeclaration(
                isConstant: isConstant, name: name, value: value, isComputed: false, line: line))
    }

    mutating func parseForLoop() throws(ManifestSyntaxError) -> ForLoop {
        let line = current.line
        advance()
        var names: [String] = []
        var patternTokens = 0
        while !(current.kind == .identifier && current.text == "in") {
            if isAtEnd || current.isPunctuation("{") { throw error("expected 'in' in a 'for' loop") }
            if current.kind == .identifier, !["case", "let", "var", "_"].contains(current.text) {
                names.append(current.text)
            }
            patternTokens += 1
            advance()
        }
        advance()
        let sequence = try parseExpression(trailingClosures: false)
        var whereClause: Expression? = nil
        if current.isIdentifier("where") {
            advance()
            whereClause = try parseExpression(trailingClosures: false)
        }
        let body = try parseBlock()
        return ForLoop(
            names: names, isSimplePattern: patternTokens == 1 && names.count == 1, sequence: sequence,
            whereClause: whereClause, body: body, line: line)
    }

    mutating func parseIf() throws(ManifestSyntaxError) -> IfStatement {
        let line = current.line
        advance()
        var conditionTokens: [Token] = []
        var boundNames: [String] = []
        var depth = 0
        while depth > 0 || !current.isPunctuation("{") {
            if isAtEnd { throw error("expected '{' after an 'if' condition") }
            if current.kind == .punctuation {
                if ["(", "["].contains(current.text) { depth += 1 }
                if [")", "]"].contains(current.text) { depth -= 1 }
            }
            if current.kind == .identifier, current.text == "let" || current.text == "var",
                peek().kind == .identifier
            {
                boundNames.append(peek().text)
            }
            conditionTokens.append(current)
            advance()
        }
        let thenBranch = try parseBlock()
        var elseBranch: [Statement]? = nil
        if current.isIdentifier("else") {
            advance()
            if current.isIdentifier("if") {
                elseBranch = [.ifStatement(try parseIf())]
            } else {
                elseBranch = try parseBlock()
            }
        }
        return IfStatement(
            conditionTokens: conditionTokens, boundNames: boundNames, thenBranch: thenBranch,
            elseBranch: elseBranch, line: line)
    }

    /// `{ statements }`.
    mutating func parseBlock() throws(ManifestSyntaxError) -> [Statement] {
        try expectPunctuation("{")
        let statements = try parseStatements(until: .closingBrace)
        try expectPunctuation("}")
        return statements
    }

    mutating func parseConditionalCompilation() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        guard current.text == "if" else { throw error("unexpected '#\(current.text)'") }
        advance()
        var branches: [[Statement]] = []
        while true {
            branches.append(try parseStatements(until: .directive))
            let directive = current.text
            advance()
            if directive == "endif" { break }
        }
        return .conditionalCompilation(branches, line: line)
    }

    mutating func parseDeclaration() throws(ManifestSyntaxError) -> Declaration {
        let line = current.line
        let kind = current.text
        advance()
        if kind == "operator"
            || (["prefix", "postfix", "infix"].contains(kind) && current.isIdentifier("operator"))
        {
            try skipStatementRest()
            return Declaration(kind: "operator", name: "", memberNames: [], line: line)
        }
        if ["prefix", "postfix", "infix"].contains(kind), current.isIdentifier("func") { advance() }
        var name = ""
        if current.kind == .identifier || current.kind == .operatorSymbol {
            name = current.text
            advance()
        }
        while current.isPunctuation("."), peek().kind == .identifier {
            advance()
            name += "." + current.text
            advance()
        }
        if kind == "typealias" {
            try skipStatementRest()
            return Declaration(kind: kind, name: name, memberNames: [], line: line)
        }
        var depth = 0
        while depth > 0 || !current.isPunctuation("{") {
            if isAtEnd { throw error("expected the body of '\(kind) \(name)'") }
            if current.kind == .punctuation {
                if ["(", "["].contains(current.text) { depth += 1 }
                if [")", "]"].contains(current.text) { depth -= 1 }
            }
            advance()
        }
        let body = try skipBalanced()
        var members: [String] = []
        for (index, token) in body.enumerated() where token.kind == .identifier {
            guard ["func", "let", "var", "case"].contains(token.text), index + 1 < body.count,
                body[index + 1].kind == .identifier
            else { continue }
            members.append(body[index + 1].text)
        }
        return Declaration(kind: kind, name: name, memberNames: members, line: line)
    }

    /// Skips the rest of a statement the parser does not model: balanced brackets, through the
    /// end of the line (continuing across `else`, `catch`, `.member` and operators on the next line).
    mutating func skipStatementRest() throws(ManifestSyntaxError) {
        let startPosition = position
        while !isAtEnd {
            if position > startPosition, current.newlineBefore {
                let continues =
                    current.isIdentifier("else") || current.isIdentifier("catch")
                    || current.isIdentifier("while")
                    || current.isPunctuation(".") || current.isPunctuation("{") || isBinaryOperator
                if !continues { return }
            }
            if current.isPunctuation("}") || current.kind == .directive || current.isPunctuation(";") {
                return
            }
            if current.isPunctuation("(") || current.isPunctuation("[") || current.isPunctuation("{") {
                _ = try skipBalanced()
            } else {
                advance()
            }
        }
    }
}
