extension Parser {
    /// Where a statement list ends.
    enum StatementListEnd {
        case endOfFile
        case closingBrace
        case directive
        /// The next `case`/`default` of a `switch`, or its closing brace.
        case switchCase
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "class",
        "nonisolated", "indirect", "lazy", "mutating", "nonmutating", "override", "convenience",
        "required", "dynamic", "weak", "unowned", "isolated",
    ]

    static let typeKeywords: Set<String> = ["struct", "enum", "class", "extension", "protocol", "actor"]

    static let skippedDeclarationKeywords: Set<String> = [
        "typealias", "init", "deinit", "subscript", "macro", "precedencegroup", "operator", "associatedtype",
    ]

    /// Parses statements until `end` (not consuming the closing brace, directive or `case`).
    mutating func parseStatements(until end: StatementListEnd) throws(ManifestSyntaxError) -> [Statement] {
        var statements: [Statement] = []
        while true {
            while current.isPunctuation(";") { advance() }
            switch end {
            case .endOfFile:
                if isAtEnd { return statements }
                if current.isPunctuation("}") { throw error("unexpected '}'") }
            case .closingBrace:
                if current.isPunctuation("}") { return statements }
                if isAtEnd { throw error("missing '}'") }
            case .directive:
                if current.kind == .directive, current.text != "if" { return statements }
                if isAtEnd { throw error("missing '#endif'") }
            case .switchCase:
                if current.isPunctuation("}") || current.isIdentifier("case")
                    || current.isIdentifier("default")
                    || (current.isPunctuation("@") && peek().isIdentifier("unknown"))
                {
                    return statements
                }
                if isAtEnd { throw error("missing '}'") }
            }
            if current.kind == .directive, current.text != "if" {
                throw error("unexpected '#\(current.text)'")
            }
            let statement = try parseStatement()
            statements.append(statement)
            statements += pendingStatements
            pendingStatements = []
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
        var isStatic = false
        while current.kind == .identifier, Parser.modifiers.contains(current.text),
            peek().kind == .identifier || peek().isPunctuation("(")
        {
            if current.text == "class", !Parser.declarationStarts.contains(peek().text) { break }
            if current.text == "static" || current.text == "class" { isStatic = true }
            advance()
            if current.isPunctuation("("), !current.spaceBefore { _ = try skipBalanced() }
        }
        guard current.kind == .identifier else { return try parseExpressionStatement() }
        switch current.text {
        case "import":
            advance()
            while !isAtEnd, !current.newlineBefore, !current.isPunctuation(";") { advance() }
            return .importDeclaration(line: line)
        case "let", "var":
            return try parseVariable(isStatic: isStatic)
        case "for":
            return .forLoop(try parseForLoop())
        case "while":
            advance()
            let conditions = try parseConditionList()
            return .whileLoop(conditions: conditions, body: try parseBlock(), checkFirst: true, line: line)
        case "repeat":
            advance()
            let body = try parseBlock()
            guard current.isIdentifier("while") else {
                throw error("expected 'while' after a 'repeat' block")
            }
            advance()
            let condition = try parseExpression()
            return .whileLoop(conditions: [.expression(condition)], body: body, checkFirst: false, line: line)
        case "if":
            return .ifStatement(try parseIf())
        case "guard":
            advance()
            let conditions = try parseConditionList()
            guard current.isIdentifier("else") else { throw error("expected 'else' in a 'guard' statement") }
            advance()
            return .guardStatement(conditions: conditions, elseBranch: try parseBlock(), line: line)
        case "switch":
            return .switchStatement(try parseSwitch())
        case "do":
            return try parseDo()
        case "return":
            advance()
            if isAtEnd || current.newlineBefore || current.isPunctuation("}") || current.isPunctuation(";")
                || current.kind == .directive
            {
                return .returnStatement(nil, line: line)
            }
            return .returnStatement(try parseExpression(), line: line)
        case "break", "continue":
            let word = current.text
            advance()
            if current.kind == .identifier, !current.newlineBefore { advance() }  // a label
            return word == "break" ? .breakStatement(line: line) : .continueStatement(line: line)
        case "throw":
            advance()
            _ = try parseExpression()
            return .throwStatement(line: line)
        case "defer":
            advance()
            let start = position
            _ = try skipBalanced()
            return .unsupported("a 'defer' block", tokens: Array(tokens[start..<position]), line: line)
        case "fallthrough":
            advance()
            return .unsupported("'fallthrough'", tokens: [], line: line)
        case "func":
            return .function(try parseFunction(isStatic: isStatic))
        case let word where Parser.typeKeywords.contains(word):
            return .typeDeclaration(try parseTypeDeclaration())
        case "case" where peek().kind == .identifier:
            // An enum's `case a, b(Int)`: recorded by its type declaration.
            let start = position
            advance()
            try skipStatementRest()
            return .unsupported("an enum case", tokens: Array(tokens[start..<position]), line: line)
        case let word where Parser.skippedDeclarationKeywords.contains(word):
            let start = position
            advance()
            try skipDeclarationRest()
            return .unsupported(
                "a '\(word)' declaration", tokens: Array(tokens[start..<position]), line: line)
        default:
            if current.kind == .identifier, peek().isPunctuation(":"), !peek().spaceBefore,
                ["for", "while", "repeat", "switch", "do", "if"].contains(peek(2).text)
            {
                advance()  // a statement label
                advance()
                return try parseStatement()
            }
            return try parseExpressionStatement()
        }
    }

    static let declarationStarts: Set<String> = [
        "func", "var", "let", "struct", "enum", "class", "extension", "protocol", "actor", "typealias",
        "init",
        "subscript",
    ]

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
        if case .call(.identifier(let name, _), _, _) = expression,
            ["fatalError", "preconditionFailure"].contains(name)
        {
            return .throwStatement(line: line)
        }
        return .expression(expression, line: line)
    }

    mutating func parseVariable(isStatic: Bool) throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        let isConstant = current.text == "let"
        advance()
        var declarations: [VariableDeclaration] = []
        while true {
            let pattern: Pattern
            if current.isPunctuation("(") {
                pattern = try parsePattern(bindingByDefault: true)
            } else {
                guard current.kind == .identifier else { throw error("expected a name after 'let' or 'var'") }
                pattern = current.text == "_" ? .wildcard : .binding(current.text)
                advance()
            }
            var type: String? = nil
            if current.isPunctuation(":") {
                advance()
                type = try parseType()
            }
            if current.isPunctuation("{"), declarations.isEmpty {
                let getter = try parseGetter()
                return .variable(
                    VariableDeclaration(
                        isConstant: isConstant, pattern: pattern, type: type, value: nil, getter: getter,
                        isStatic: isStatic, line: line))
            }
            var value: Expression? = nil
            if current.isOperator("=") {
                advance()
                value = try parseExpression()
            }
            if current.isPunctuation("{"), !current.newlineBefore, value == nil {
                // `var x = 0 { didSet { ... } }`-style observers are not modelled.
                _ = try skipBalanced()
            }
            declarations.append(
                VariableDeclaration(
                    isConstant: isConstant, pattern: pattern, type: type, value: value, getter: nil,
                    isStatic: isStatic, line: line))
            guard current.isPunctuation(","), !current.newlineBefore || peek().kind == .identifier else {
                break
            }
            advance()
        }
        // `let a, b: String`: a type written once applies to the names before it.
        var type: String? = nil
        for index in declarations.indices.reversed() {
            if let given = declarations[index].type {
                type = given
            } else if declarations[index].value == nil {
                declarations[index].type = type
            }
        }
        pendingStatements += declarations.dropFirst().map(Statement.variable)
        return .variable(declarations[0])
    }

    /// The body of a computed property: statements, or `get { ... }` (a `set` is ignored).
    mutating func parseGetter() throws(ManifestSyntaxError) -> [Statement] {
        try expectPunctuation("{")
        if current.isIdentifier("get"), peek().isPunctuation("{") || peek().isIdentifier("throws") {
            var getter: [Statement] = []
            while !current.isPunctuation("}") {
                if isAtEnd { throw error("missing '}'") }
                let accessor = current.text
                advance()
                while current.kind == .identifier, current.text == "throws" || current.text == "async" {
                    advance()
                }
                if current.isPunctuation("(") { _ = try skipBalanced() }
                let body = try parseBlock()
                if accessor == "get" { getter = body }
            }
            advance()
            return getter
        }
        let body = try parseStatements(until: .closingBrace)
        try expectPunctuation("}")
        return body
    }

    mutating func parseForLoop() throws(ManifestSyntaxError) -> ForLoop {
        let line = current.line
        advance()
        if current.isIdentifier("case") { advance() }
        let pattern = try parsePattern(bindingByDefault: true)
        guard current.isIdentifier("in") else { throw error("expected 'in' in a 'for' loop") }
        advance()
        let sequence = try parseExpression(trailingClosures: false)
        var whereClause: Expression? = nil
        if current.isIdentifier("where") {
            advance()
            whereClause = try parseExpression(trailingClosures: false)
        }
        let body = try parseBlock()
        return ForLoop(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body, line: line)
    }

    mutating func parseIf() throws(ManifestSyntaxError) -> IfStatement {
        let line = current.line
        advance()
        let conditions = try parseConditionList()
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
        return IfStatement(conditions: conditions, thenBranch: thenBranch, elseBranch: elseBranch, line: line)
    }

    /// The comma-separated conditions of `if`, `guard` and `while`, up to the `{` or `else`.
    mutating func parseConditionList() throws(ManifestSyntaxError) -> [ConditionClause] {
        var clauses: [ConditionClause] = []
        while true {
            if current.isIdentifier("let") || current.isIdentifier("var") {
                advance()
                let name = try expectIdentifier()
                if current.isPunctuation(":") {
                    advance()
                    try parseType()
                }
                if current.isOperator("=") {
                    advance()
                    clauses.append(.optionalBinding(name, try parseExpression(trailingClosures: false)))
                } else {
                    clauses.append(.optionalBinding(name, .identifier(name, line: current.line)))
                }
            } else if current.isIdentifier("case") {
                advance()
                let pattern = try parsePattern(bindingByDefault: false)
                guard current.isOperator("=") else { throw error("expected '=' in a 'case' condition") }
                advance()
                clauses.append(.patternMatch(pattern, try parseExpression(trailingClosures: false)))
            } else if current.kind == .poundKeyword,
                current.text == "available" || current.text == "unavailable"
            {
                let negated = current.text == "unavailable"
                advance()
                if current.isPunctuation("(") { _ = try skipBalanced() }
                clauses.append(negated ? .expression(.boolean(false, line: current.line)) : .availability)
            } else {
                clauses.append(.expression(try parseExpression(trailingClosures: false)))
            }
            guard current.isPunctuation(",") else { return clauses }
            advance()
        }
    }

    /// `{ statements }`.
    mutating func parseBlock() throws(ManifestSyntaxError) -> [Statement] {
        try expectPunctuation("{")
        let statements = try parseStatements(until: .closingBrace)
        try expectPunctuation("}")
        return statements
    }

    mutating func parseSwitch() throws(ManifestSyntaxError) -> SwitchStatement {
        let line = current.line
        advance()
        let subject = try parseExpression(trailingClosures: false)
        try expectPunctuation("{")
        var cases: [SwitchCase] = []
        while !current.isPunctuation("}") {
            if isAtEnd { throw error("missing '}' of a 'switch'") }
            if current.kind == .directive {
                throw error("'#\(current.text)' between the cases of a 'switch' is not read")
            }
            if current.isPunctuation("@"), peek().isIdentifier("unknown") {
                advance()
                advance()
            }
            var patterns: [Pattern] = []
            var whereClause: Expression? = nil
            if current.isIdentifier("default") {
                advance()
            } else if current.isIdentifier("case") {
                advance()
                while true {
                    patterns.append(try parsePattern(bindingByDefault: false))
                    if current.isIdentifier("where") {
                        advance()
                        whereClause = try parseExpression()
                    }
                    guard current.isPunctuation(",") else { break }
                    advance()
                }
            } else {
                throw error("expected 'case' or 'default' but found '\(current.displayText)'")
            }
            try expectPunctuation(":")
            let body = try parseStatements(until: .switchCase)
            cases.append(SwitchCase(patterns: patterns, whereClause: whereClause, body: body))
        }
        advance()
        return SwitchStatement(subject: subject, cases: cases, line: line)
    }

    mutating func parseDo() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        advance()
        if current.isIdentifier("throws") {
            advance()
            if current.isPunctuation("(") { _ = try skipBalanced() }
        }
        let body = try parseBlock()
        var catches: [[Statement]] = []
        while current.isIdentifier("catch") {
            advance()
            while !current.isPunctuation("{") {
                if isAtEnd { throw error("expected '{' after 'catch'") }
                if current.isPunctuation("(") || current.isPunctuation("[") {
                    _ = try skipBalanced()
                } else {
                    advance()
                }
            }
            catches.append(try parseBlock())
        }
        return .doStatement(body: body, catches: catches, line: line)
    }

    mutating func parseConditionalCompilation() throws(ManifestSyntaxError) -> Statement {
        let line = current.line
        guard current.text == "if" else { throw error("unexpected '#\(current.text)'") }
        var clauses: [ConditionalClause] = []
        var condition: CompilationCondition? = try CompilationConditionParser.parse(
            directiveText(), line: current.line)
        advance()
        while true {
            let body = try parseStatements(until: .directive)
            clauses.append(ConditionalClause(condition: condition, body: body))
            let directive = current.text
            let text = directiveText()
            let directiveLine = current.line
            advance()
            switch directive {
            case "endif":
                return .conditionalCompilation(clauses, line: line)
            case "elseif":
                condition = try CompilationConditionParser.parse(text, line: directiveLine)
            default:
                condition = nil
            }
        }
    }

    /// The condition text the lexer kept on an `#if`/`#elseif` token.
    func directiveText() -> String {
        guard let literal = current.string, case .text(let text)? = literal.segments.first else { return "" }
        return text
    }

    mutating func parseFunction(isStatic: Bool) throws(ManifestSyntaxError) -> FunctionDeclaration {
        let line = current.line
        advance()
        var name = ""
        if current.kind == .identifier || current.kind == .operatorSymbol {
            name = current.text
            advance()
        }
        skipGenericArguments()
        guard current.isPunctuation("(") else { throw error("expected the parameters of 'func \(name)'") }
        let parameters = try parseParameters()
        var resultType: String? = nil
        while current.kind == .identifier, ["throws", "rethrows", "async"].contains(current.text) {
            advance()
            if current.isPunctuation("(") { _ = try skipBalanced() }
        }
        if current.isOperator("->") {
            advance()
            resultType = try parseType()
        }
        if current.isIdentifier("where") {
            while !current.isPunctuation("{") {
                if isAtEnd { throw error("expected the body of 'func \(name)'") }
                advance()
            }
        }
        let body = try parseBlock()
        return FunctionDeclaration(
            name: name, parameters: parameters, resultType: resultType, body: body, isStatic: isStatic,
            line: line)
    }

    /// `(_ a: T, label b: T = default, c: T...)`.
    mutating func parseParameters() throws(ManifestSyntaxError) -> [FunctionDeclaration.Parameter] {
        try expectPunctuation("(")
        var parameters: [FunctionDeclaration.Parameter] = []
        while !current.isPunctuation(")") {
            if isAtEnd { throw error("unterminated parameter list") }
            while current.isPunctuation("@") {
                advance()
                _ = try expectIdentifier()
            }
            let first = try expectIdentifier()
            var label: String? = first == "_" ? nil : first
            var name = first
            if current.kind == .identifier {
                name = current.text
                advance()
            } else {
                label = first
            }
            try expectPunctuation(":")
            let type = try parseType()
            var defaultValue: Expression? = nil
            if current.isOperator("=") {
                advance()
                defaultValue = try parseExpression()
            }
            parameters.append(
                FunctionDeclaration.Parameter(
                    label: label, name: name, defaultValue: defaultValue, isVariadic: type.hasSuffix("..."),
                    type: type))
            if current.isPunctuation(",") {
                advance()
            } else if !current.isPunctuation(")") {
                throw error("expected ',' or ')' but found '\(current.displayText)'")
            }
        }
        advance()
        return parameters
    }

    mutating func parseTypeDeclaration() throws(ManifestSyntaxError) -> TypeDeclaration {
        let line = current.line
        let kind = current.text
        advance()
        var name = try expectIdentifier()
        skipGenericArguments()
        while current.isPunctuation("."), peek().kind == .identifier {
            advance()
            name += "." + current.text
            advance()
            skipGenericArguments()
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
        let bodyStart = position
        var enumCases: [String] = []
        let members: [Statement]
        do {
            members = try parseBlock()
        } catch {
            // A body the parser cannot read: its members are unknown (reading them reports that).
            position = bodyStart
            _ = try skipBalanced()
            return TypeDeclaration(kind: kind, name: name, members: [], enumCases: [], line: line)
        }
        var braceDepth = 0
        for index in bodyStart..<position {
            if tokens[index].isPunctuation("{") { braceDepth += 1 }
            if tokens[index].isPunctuation("}") { braceDepth -= 1 }
            guard kind == "enum", braceDepth == 1, tokens[index].isIdentifier("case") else { continue }
            var cursor = index + 1
            while cursor < position, tokens[cursor].kind == .identifier {
                enumCases.append(tokens[cursor].text)
                cursor += 1
                if cursor < position, tokens[cursor].isPunctuation("(") {
                    var nesting = 0
                    repeat {
                        if tokens[cursor].isPunctuation("(") { nesting += 1 }
                        if tokens[cursor].isPunctuation(")") { nesting -= 1 }
                        cursor += 1
                    } while cursor < position && nesting > 0
                }
                if cursor < position, tokens[cursor].isOperator("=") { cursor += 2 }
                guard cursor < position, tokens[cursor].isPunctuation(",") else { break }
                cursor += 1
            }
        }
        return TypeDeclaration(kind: kind, name: name, members: members, enumCases: enumCases, line: line)
    }

    /// Skips a declaration the parser does not model (`init`, `subscript`, `typealias`): up to and
    /// including its body when it has one.
    mutating func skipDeclarationRest() throws(ManifestSyntaxError) {
        let startLine = current.line
        while !isAtEnd {
            if current.isPunctuation("{") {
                _ = try skipBalanced()
                return
            }
            if current.isPunctuation("}") || current.isPunctuation(";") { return }
            if current.newlineBefore, current.line > startLine, !current.isPunctuation("."),
                !current.isOperator("->"), !current.isOperator("=")
            {
                return
            }
            if current.isPunctuation("(") || current.isPunctuation("[") {
                _ = try skipBalanced()
            } else {
                advance()
            }
        }
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
