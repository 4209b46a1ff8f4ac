import ESModels

/// The subset of Painless applications write in updates, by-query updates, scores and script
/// fields: statements (`if`/`else`, blocks, declarations with `def` or a type, `return`,
/// expressions), assignments (`=`, `+=`, `-=`, `*=`, `/=`, `++`, `--`), arithmetic, comparisons,
/// `&&`, `||`, `!`, `?:`, `?.`, member and index access, method calls, list and map literals,
/// `new ArrayList()`/`new HashMap()`. Anything else is refused at compile time with
/// Elasticsearch's `script_exception` and the position of the construct.
indirect enum PainlessNode: Sendable {
    case literal(PainlessLiteral)
    case variable(String, at: Int)
    case member(PainlessNode, String, nullSafe: Bool, at: Int)
    case index(PainlessNode, PainlessNode, at: Int)
    case call(PainlessNode?, String, [PainlessNode], nullSafe: Bool, at: Int)
    case unary(String, PainlessNode, at: Int)
    case binary(String, PainlessNode, PainlessNode, at: Int)
    case logical(and: Bool, PainlessNode, PainlessNode)
    case conditional(PainlessNode, PainlessNode, PainlessNode)
    /// `a ?: b`: `a` unless it is null.
    case elvis(PainlessNode, PainlessNode)
    case assign(PainlessNode, op: String, PainlessNode, at: Int)
    case increment(PainlessNode, delta: Int, prefix: Bool, at: Int)
    case list([PainlessNode])
    case map([(PainlessNode, PainlessNode)])
    case newObject(String, at: Int)
}

enum PainlessLiteral: Sendable {
    case null, bool(Bool), int(Int64), double(Double), string(String)
}

indirect enum PainlessStatement: Sendable {
    case expression(PainlessNode)
    case declare(String, PainlessNode?)
    case block([PainlessStatement])
    case ifElse(PainlessNode, PainlessStatement, PainlessStatement?)
    case forEach(String, PainlessNode, PainlessStatement)
    case returnValue(PainlessNode?)
}

/// A compile or runtime failure, with the offset of the construct in the source.
struct PainlessFailure: Error {
    var offset: Int
    var type: String
    var reason: String
    var runtime: Bool
}

/// Tokens and the recursive-descent parser for ``PainlessNode``.
struct PainlessParser {
    enum Token: Equatable {
        case number(String), string(String), word(String), symbol(String), end
    }

    private var tokens: [(token: Token, offset: Int)] = []
    private var position = 0

    static let typeNames: Set<String> = [
        "def", "int", "long", "double", "float", "boolean", "String", "List", "Map", "ArrayList", "HashMap",
        "Object", "short", "byte", "char", "var",
    ]

    /// Parses a whole script.
    static func parse(_ source: String) throws(PainlessFailure) -> [PainlessStatement] {
        var parser = PainlessParser()
        parser.tokens = try lex(source)
        var statements: [PainlessStatement] = []
        while parser.peek != .end {
            statements.append(try parser.statement())
        }
        return statements
    }

    // MARK: - Lexing

    private static let symbols = [
        "?.", "?:", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "->", "::", "===",
        "!==",
    ].sorted { $0.count > $1.count }

    private static func lex(_ source: String) throws(PainlessFailure) -> [(Token, Int)] {
        let characters = Array(source.unicodeScalars)
        var result: [(Token, Int)] = []
        var index = 0
        func isLetter(_ c: Unicode.Scalar) -> Bool { c == "_" || c == "$" || c.properties.isAlphabetic }
        while index < characters.count {
            let c = characters[index]
            if c.properties.isWhitespace {
                index += 1
                continue
            }
            if c == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if c == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") {
                    index += 1
                }
                index += 2
                continue
            }
            let start = index
            if c.properties.numericType != nil && c.isASCII {
                var text = ""
                while index < characters.count,
                    characters[index].isASCII
                        && (characters[index].properties.numericType != nil || characters[index] == "."
                            || "eEdDfFlL".unicodeScalars.contains(characters[index]))
                {
                    // A `.` not followed by a digit ends the number (`1.toString()` is not ours anyway).
                    if characters[index] == ".",
                        !(index + 1 < characters.count && characters[index + 1].properties.numericType != nil)
                    {
                        break
                    }
                    text.unicodeScalars.append(characters[index])
                    index += 1
                }
                result.append((.number(text), start))
                continue
            }
            if isLetter(c) {
                var text = ""
                while index < characters.count,
                    isLetter(characters[index]) || characters[index].properties.numericType != nil
                {
                    text.unicodeScalars.append(characters[index])
                    index += 1
                }
                result.append((.word(text), start))
                continue
            }
            if c == "'" || c == "\"" {
                index += 1
                var text = ""
                while true {
                    guard index < characters.count else {
                        throw PainlessFailure(
                            offset: start, type: "illegal_argument_exception", reason: "unterminated string", runtime: false)
                    }
                    let next = characters[index]
                    if next == c { break }
                    if next == "\\", index + 1 < characters.count {
                        index += 1
                        switch characters[index] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.unicodeScalars.append(characters[index])
                        }
                    } else {
                        text.unicodeScalars.append(next)
                    }
                    index += 1
                }
                index += 1
                result.append((.string(text), start))
                continue
            }
            let rest = String(String.UnicodeScalarView(characters[index...].prefix(3)))
            if let symbol = symbols.first(where: { rest.hasPrefix($0) }) {
                result.append((.symbol(symbol), start))
                index += symbol.unicodeScalars.count
                continue
            }
            if "+-*/%<>=!?:.,;()[]{}&|~^".unicodeScalars.contains(c) {
                result.append((.symbol(String(c)), start))
                index += 1
                continue
            }
            throw PainlessFailure(
                offset: start, type: "illegal_argument_exception", reason: "unexpected character [\(c)]", runtime: false)
        }
        result.append((.end, characters.count))
        return result
    }

    // MARK: - Statements

    private var peek: Token { tokens[position].token }
    private var offset: Int { tokens[position].offset }

    private func peek(_ ahead: Int) -> Token {
        tokens[min(position + ahead, tokens.count - 1)].token
    }

    private mutating func advance() -> Token {
        let token = tokens[position].token
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func accept(_ symbol: String) -> Bool {
        if peek == .symbol(symbol) {
            _ = advance()
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String) throws(PainlessFailure) {
        guard accept(symbol) else { throw unexpected("expected [\(symbol)]") }
    }

    private func unexpected(_ expectation: String) -> PainlessFailure {
        let found: String
        switch peek {
        case .end: found = "end of script"
        case .number(let text), .word(let text): found = "[\(text)]"
        case .string(let text): found = "['\(text)']"
        case .symbol(let text): found = "[\(text)]"
        }
        return PainlessFailure(
            offset: offset, type: "illegal_argument_exception",
            reason: "invalid sequence of tokens near \(found): \(expectation)", runtime: false)
    }

    private mutating func endOfStatement() throws(PainlessFailure) {
        if accept(";") { return }
        // The last statement of a script or block needs no semicolon.
        if peek == .end || peek == .symbol("}") { return }
        throw unexpected("expected [;]")
    }

    private mutating func statement() throws(PainlessFailure) -> PainlessStatement {
        switch peek {
        case .symbol("{"):
            _ = advance()
            var body: [PainlessStatement] = []
            while !accept("}") {
                guard peek != .end else { throw unexpected("expected [}]") }
                body.append(try statement())
            }
            return .block(body)
        case .symbol(";"):
            _ = advance()
            return .block([])
        case .word("if"):
            _ = advance()
            try expect("(")
            let condition = try expression()
            try expect(")")
            let then = try statement()
            if peek == .word("else") {
                _ = advance()
                return .ifElse(condition, then, try statement())
            }
            return .ifElse(condition, then, nil)
        case .word("for"):
            _ = advance()
            try expect("(")
            // `for (def item : list)` (or a type); counted loops are not part of the subset.
            if case .word(let type) = peek, Self.typeNames.contains(type), case .word(let name) = peek(1),
                peek(2) == .symbol(":")
            {
                _ = advance()
                _ = advance()
                _ = advance()
                let sequence = try expression()
                try expect(")")
                return .forEach(name, sequence, try statement())
            }
            throw PainlessFailure(
                offset: offset, type: "illegal_argument_exception",
                reason: "es-embedded runs for-each loops (for (def x : list)) only", runtime: false)
        case .word("while"), .word("do"), .word("try"), .word("throw"), .word("switch"):
            throw PainlessFailure(
                offset: offset, type: "illegal_argument_exception",
                reason: "[\(Self.text(peek))] is outside the Painless subset es-embedded runs", runtime: false)
        case .word("return"):
            _ = advance()
            if peek == .symbol(";") || peek == .end || peek == .symbol("}") {
                try endOfStatement()
                return .returnValue(nil)
            }
            let value = try expression()
            try endOfStatement()
            return .returnValue(value)
        case .word(let type) where Self.typeNames.contains(type):
            if case .word(let name) = peek(1), !Self.typeNames.contains(name) {
                _ = advance()
                _ = advance()
                var value: PainlessNode?
                if accept("=") { value = try expression() }
                try endOfStatement()
                return .declare(name, value)
            }
            fallthrough
        default:
            let value = try expression()
            try endOfStatement()
            return .expression(value)
        }
    }

    private static func text(_ token: Token) -> String {
        switch token {
        case .number(let text), .word(let text), .string(let text), .symbol(let text): text
        case .end: ""
        }
    }

    // MARK: - Expressions

    private mutating func expression() throws(PainlessFailure) -> PainlessNode {
        let start = offset
        let target = try conditional()
        for op in ["=", "+=", "-=", "*=", "/=", "%="] where peek == .symbol(op) {
            switch target {
            case .variable, .member, .index: break
            default:
                throw PainlessFailure(
                    offset: start, type: "illegal_argument_exception",
                    reason: "invalid assignment: cannot assign a value to this expression", runtime: false)
            }
            _ = advance()
            return .assign(target, op: op, try expression(), at: start)
        }
        if peek == .symbol("->") || peek == .symbol("::") {
            throw PainlessFailure(
                offset: offset, type: "illegal_argument_exception",
                reason: "lambdas and method references are outside the Painless subset es-embedded runs",
                runtime: false)
        }
        return target
    }

    private mutating func conditional() throws(PainlessFailure) -> PainlessNode {
        let condition = try logicalOr()
        if accept("?:") { return .elvis(condition, try conditional()) }
        if accept("?") {
            let then = try expression()
            try expect(":")
            return .conditional(condition, then, try expression())
        }
        return condition
    }

    private mutating func logicalOr() throws(PainlessFailure) -> PainlessNode {
        var left = try logicalAnd()
        while accept("||") { left = .logical(and: false, left, try logicalAnd()) }
        return left
    }

    private mutating func logicalAnd() throws(PainlessFailure) -> PainlessNode {
        var left = try equality()
        while accept("&&") { left = .logical(and: true, left, try equality()) }
        return left
    }

    private mutating func binaryLevel(
        _ operators: [String], next: (inout PainlessParser) throws(PainlessFailure) -> PainlessNode
    ) throws(PainlessFailure) -> PainlessNode {
        var left = try next(&self)
        while case .symbol(let op) = peek, operators.contains(op) {
            let at = offset
            _ = advance()
            left = .binary(op, left, try next(&self), at: at)
        }
        return left
    }

    private mutating func equality() throws(PainlessFailure) -> PainlessNode {
        try binaryLevel(["==", "!=", "===", "!=="]) { (parser: inout PainlessParser) throws(PainlessFailure) in
            try parser.comparison()
        }
    }

    private mutating func comparison() throws(PainlessFailure) -> PainlessNode {
        try binaryLevel(["<", "<=", ">", ">="]) { (parser: inout PainlessParser) throws(PainlessFailure) in
            try parser.additive()
        }
    }

    private mutating func additive() throws(PainlessFailure) -> PainlessNode {
        try binaryLevel(["+", "-"]) { (parser: inout PainlessParser) throws(PainlessFailure) in
            try parser.multiplicative()
        }
    }

    private mutating func multiplicative() throws(PainlessFailure) -> PainlessNode {
        try binaryLevel(["*", "/", "%"]) { (parser: inout PainlessParser) throws(PainlessFailure) in
            try parser.unary()
        }
    }

    private mutating func unary() throws(PainlessFailure) -> PainlessNode {
        let at = offset
        if accept("!") { return .unary("!", try unary(), at: at) }
        if accept("-") { return .unary("-", try unary(), at: at) }
        if accept("+") { return try unary() }
        if accept("++") { return .increment(try unary(), delta: 1, prefix: true, at: at) }
        if accept("--") { return .increment(try unary(), delta: -1, prefix: true, at: at) }
        // A cast, `(int) x` / `(double) x`: the value converts on use, so it is read and kept.
        if peek == .symbol("("), case .word(let type) = peek(1), Self.typeNames.contains(type),
            peek(2) == .symbol(")")
        {
            _ = advance()
            _ = advance()
            _ = advance()
            let value = try unary()
            return .call(nil, "(\(type))", [value], nullSafe: false, at: at)
        }
        return try postfix()
    }

    private mutating func postfix() throws(PainlessFailure) -> PainlessNode {
        var value = try primary()
        while true {
            let at = offset
            if accept(".") || peek == .symbol("?.") {
                let nullSafe = tokens[position - 1].token != .symbol(".")
                if nullSafe { _ = advance() }
                guard case .word(let name) = advance() else { throw unexpected("expected a member name") }
                if accept("(") {
                    value = .call(value, name, try arguments(), nullSafe: nullSafe, at: at)
                } else {
                    value = .member(value, name, nullSafe: nullSafe, at: at)
                }
            } else if accept("[") {
                let key = try expression()
                try expect("]")
                value = .index(value, key, at: at)
            } else if accept("++") {
                value = .increment(value, delta: 1, prefix: false, at: at)
            } else if accept("--") {
                value = .increment(value, delta: -1, prefix: false, at: at)
            } else {
                return value
            }
        }
    }

    private mutating func arguments() throws(PainlessFailure) -> [PainlessNode] {
        var values: [PainlessNode] = []
        if accept(")") { return values }
        repeat { values.append(try expression()) } while accept(",")
        try expect(")")
        return values
    }

    private mutating func primary() throws(PainlessFailure) -> PainlessNode {
        let at = offset
        let start = position
        switch advance() {
        case .number(let text):
            let lowered = text.lowercased()
            if lowered.hasSuffix("l"), let value = Int64(lowered.dropLast()) { return .literal(.int(value)) }
            if let value = Int64(text) { return .literal(.int(value)) }
            let trimmed = lowered.hasSuffix("d") || lowered.hasSuffix("f") ? String(lowered.dropLast()) : lowered
            guard let value = Double(trimmed) else {
                throw PainlessFailure(
                    offset: at, type: "illegal_argument_exception", reason: "invalid number [\(text)]", runtime: false)
            }
            return .literal(.double(value))
        case .string(let text):
            return .literal(.string(text))
        case .word("true"): return .literal(.bool(true))
        case .word("false"): return .literal(.bool(false))
        case .word("null"): return .literal(.null)
        case .word("new"):
            guard case .word(let type) = advance() else { throw unexpected("expected a type after [new]") }
            var name = type
            // `new ArrayList<>()`, generic arguments ignored.
            if accept("<") {
                while !accept(">") {
                    guard peek != .end else { throw unexpected("expected [>]") }
                    _ = advance()
                }
            }
            try expect("(")
            guard accept(")") else {
                throw PainlessFailure(
                    offset: at, type: "illegal_argument_exception",
                    reason: "es-embedded creates [\(name)] without arguments only", runtime: false)
            }
            if name == "List" { name = "ArrayList" }
            guard ["ArrayList", "HashMap", "HashSet", "LinkedHashMap", "TreeMap"].contains(name) else {
                throw PainlessFailure(
                    offset: at, type: "illegal_argument_exception",
                    reason: "cannot resolve type [\(name)]", runtime: false)
            }
            return .newObject(name, at: at)
        case .word(let name):
            if accept("(") { return .call(nil, name, try arguments(), nullSafe: false, at: at) }
            return .variable(name, at: at)
        case .symbol("("):
            let value = try expression()
            try expect(")")
            return value
        case .symbol("["):
            if accept(":") {
                try expect("]")
                return .map([])
            }
            if accept("]") { return .list([]) }
            let first = try expression()
            if accept(":") {
                var entries = [(first, try expression())]
                while accept(",") {
                    let key = try expression()
                    try expect(":")
                    entries.append((key, try expression()))
                }
                try expect("]")
                return .map(entries)
            }
            var items = [first]
            while accept(",") { items.append(try expression()) }
            try expect("]")
            return .list(items)
        default:
            position = start
            throw unexpected("expected an expression")
        }
    }
}
