/// The names a block may change without changing the package: its own locals, and build settings
/// of its loop or closure variables (which may be targets).
struct EffectScope {
    var locals: Set<String> = []
    var elementVariables: Set<String> = []
    /// Top-level variables written (as a whole), shared by nested scopes.
    let written = WrittenNames()
}

/// The top-level variables a block writes.
final class WrittenNames {
    var names: Set<String> = []
}

extension ManifestEvaluator {
    /// Methods that change their receiver.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "popFirst",
        "sort", "reverse", "shuffle", "merge", "updateValue", "removeValue", "formUnion", "formIntersection",
        "subtract", "formSymmetricDifference", "replaceSubrange", "swapAt", "partition", "removeSubrange",
    ]

    /// The top-level variables a statement may write, when that is all it can change (an empty set:
    /// it changes nothing outside itself); nil when it may change the package in ways not modelled.
    func effects(of statement: Statement) -> Set<String>? {
        let scope = EffectScope()
        guard isHarmless(statement: statement, scope: scope) else { return nil }
        return scope.written.names
    }

    /// Whether a statement provably cannot change the package's name, targets, products or dependencies
    /// (other than through the top-level variables it records in `scope.written`).
    ///
    /// It may change its own locals, the build settings of targets it iterates over, and nothing
    /// else: any assignment to a top-level variable, to `package`, or to a target's `dependencies`,
    /// `path`, `sources`, ... and any call to a function declared in the manifest makes it harmful.
    func isHarmless(statement: Statement, scope: EffectScope) -> Bool {
        var scope = scope
        return isHarmless(statements: [statement], scope: &scope)
    }

    func isHarmless(statements: [Statement], scope: inout EffectScope) -> Bool {
        for statement in statements {
            switch statement {
            case .importDeclaration:
                continue
            case .variable(let declaration):
                if let value = declaration.value, !isHarmless(expression: value, scope: scope) {
                    return false
                }
                scope.locals.insert(declaration.name)
            case .assignment(let target, _, let value, _):
                guard isHarmless(expression: value, scope: scope), mayChange(target, scope: scope) else {
                    return false
                }
            case .expression(let expression, _):
                guard isHarmless(expression: expression, scope: scope) else { return false }
            case .conditionalCompilation(let branches, _):
                for branch in branches {
                    var inner = scope
                    guard isHarmless(statements: branch, scope: &inner) else { return false }
                }
            case .forLoop(let loop):
                guard isHarmless(expression: loop.sequence, scope: scope) else { return false }
                var inner = scope
                inner.locals.formUnion(loop.names)
                inner.elementVariables.formUnion(loop.names)
                if let condition = loop.whereClause, !isHarmless(expression: condition, scope: inner) {
                    return false
                }
                guard isHarmless(statements: loop.body, scope: &inner) else { return false }
            case .ifStatement(let statement):
                guard isHarmless(tokens: statement.conditionTokens, scope: scope) else { return false }
                var inner = scope
                inner.locals.formUnion(statement.boundNames)
                guard isHarmless(statements: statement.thenBranch, scope: &inner) else { return false }
                if let otherwise = statement.elseBranch {
                    var elseScope = scope
                    guard isHarmless(statements: otherwise, scope: &elseScope) else { return false }
                }
            case .declaration(let declaration):
                if declaration.kind == "extension" || declaration.kind == "func" { return false }
                scope.locals.insert(declaration.name)
            case .unsupported:
                return false
            }
        }
        return true
    }

    /// Whether an expression, when evaluated, cannot change anything outside `scope`.
    func isHarmless(expression: Expression, scope: EffectScope) -> Bool {
        switch expression {
        case .identifier, .implicitMember, .stringLiteral, .integer, .boolean, .nilLiteral, .opaque:
            if case .stringLiteral(let parts, _) = expression {
                for case .interpolation(let inner) in parts where !isHarmless(expression: inner, scope: scope)
                {
                    return false
                }
            }
            return true
        case .member(let base, _, _), .postfix(_, let base, _), .cast(let base, _, _),
            .effect(_, let base, _):
            return isHarmless(expression: base, scope: scope)
        case .call(let callee, let arguments, _):
            guard arguments.allSatisfy({ isHarmless(expression: $0.value, scope: scope) }) else {
                return false
            }
            switch callee {
            case .identifier(let name, _):
                return !declaredNames.contains(name) && variables[name] == nil
            case .member(let receiver, let method, _):
                if ManifestEvaluator.mutatingMethods.contains(method) {
                    return mayChange(receiver, scope: scope)
                }
                return isHarmless(expression: receiver, scope: scope)
            case .implicitMember(let name, _):
                return !extensionMembers.contains(name)
            default:
                return isHarmless(expression: callee, scope: scope)
            }
        case .subscriptAccess(let base, let arguments, _):
            return isHarmless(expression: base, scope: scope)
                && arguments.allSatisfy { isHarmless(expression: $0.value, scope: scope) }
        case .tuple(let arguments, _):
            return arguments.allSatisfy { isHarmless(expression: $0.value, scope: scope) }
        case .array(let elements, _):
            return elements.allSatisfy { isHarmless(expression: $0, scope: scope) }
        case .dictionary(let entries, _):
            return entries.allSatisfy {
                isHarmless(expression: $0.key, scope: scope) && isHarmless(expression: $0.value, scope: scope)
            }
        case .binary(_, let left, let right, _):
            return isHarmless(expression: left, scope: scope) && isHarmless(expression: right, scope: scope)
        case .prefix(let op, let operand, _):
            if op == "&" { return mayChange(operand, scope: scope) }
            return isHarmless(expression: operand, scope: scope)
        case .ternary(let condition, let whenTrue, let whenFalse, _):
            return [condition, whenTrue, whenFalse].allSatisfy { isHarmless(expression: $0, scope: scope) }
        case .closure(let tokens, _):
            return isHarmless(closure: tokens, scope: scope)
        }
    }

    /// Whether the place an assignment or mutating call writes to is inside `scope`.
    func mayChange(_ place: Expression, scope: EffectScope) -> Bool {
        var members: [String] = []
        var current = place
        while true {
            switch current {
            case .member(let base, let name, _):
                members.insert(name, at: 0)
                current = base
                continue
            case .postfix(_, let base, _), .subscriptAccess(let base, _, _):
                current = base
                continue
            case .identifier(let name, _):
                if name == "_" { return members.isEmpty }
                if scope.elementVariables.contains(name) || scope.locals.contains(name) {
                    guard let first = members.first else { return true }
                    return ManifestEvaluator.settingsFields.contains(first)
                }
                guard name != "package", variables[name] != nil else { return false }
                guard let first = members.first else {
                    scope.written.names.insert(name)
                    return true
                }
                return ManifestEvaluator.settingsFields.contains(first)
            default:
                return false
            }
        }
    }

    /// Conditions of an `if`, as tokens: they may bind names but must not assign or call mutators.
    func isHarmless(tokens: [Token], scope: EffectScope) -> Bool {
        for (index, token) in tokens.enumerated() {
            if token.kind == .operatorSymbol, Parser.assignmentOperators.contains(token.text),
                token.text != "="
            {
                return false
            }
            if token.kind == .identifier, ManifestEvaluator.mutatingMethods.contains(token.text), index > 0,
                tokens[index - 1].isPunctuation(".")
            {
                return false
            }
            if token.kind == .identifier, declaredNames.contains(token.text) { return false }
            if token.isPunctuation("{") { return false }
        }
        return true
    }

    /// A closure: its parameters (and `$0`...) may be targets; its body must be harmless.
    func isHarmless(closure tokens: [Token], scope: EffectScope) -> Bool {
        var inner = scope
        var bodyStart = 0
        let signatureTokens: Set<String> = ["(", ")", ",", ":", "_", "[", "]", "->", "?", "!", "."]
        if let inIndex = tokens.firstIndex(where: { $0.isIdentifier("in") }),
            tokens[..<inIndex].allSatisfy({
                ($0.kind == .identifier && !Parser.skippedStatementKeywords.contains($0.text)
                    && !["for", "if", "let", "var"].contains($0.text))
                    || signatureTokens.contains($0.text)
            })
        {
            for token in tokens[..<inIndex] where token.kind == .identifier {
                inner.elementVariables.insert(token.text)
            }
            bodyStart = inIndex + 1
        }
        for index in 0..<10 { inner.elementVariables.insert("$\(index)") }
        var body = Array(tokens[bodyStart...])
        body.append(
            Token(
                kind: .endOfFile, text: "", line: tokens.last?.line ?? 0, newlineBefore: true,
                spaceBefore: true))
        if var first = body.first, bodyStart < tokens.count {
            first.newlineBefore = true
            body[0] = first
        }
        var parser = Parser(tokens: body)
        guard let statements = try? parser.parseStatements(until: .endOfFile) else { return false }
        return isHarmless(statements: statements, scope: &inner)
    }
}
