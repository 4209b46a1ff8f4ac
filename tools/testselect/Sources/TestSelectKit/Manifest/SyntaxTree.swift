/// An expression of the manifest's Swift subset, as parsed (not yet evaluated).
indirect enum Expression: Sendable {
    case identifier(String, line: Int)
    /// `.name`, the implicit member syntax of `.target(...)`, `.macOS`, `.when(...)`.
    case implicitMember(String, line: Int)
    case member(Expression, String, line: Int)
    case call(Expression, [CallArgument], line: Int)
    case subscriptAccess(Expression, [CallArgument], line: Int)
    case stringLiteral([StringPart], line: Int)
    case integer(Int, line: Int)
    case boolean(Bool, line: Int)
    case nilLiteral(line: Int)
    case array([Expression], line: Int)
    case dictionary([DictionaryEntry], line: Int)
    case tuple([CallArgument], line: Int)
    case binary(String, Expression, Expression, line: Int)
    case prefix(String, Expression, line: Int)
    /// `x?` (optional chaining) or `x!` (force unwrap).
    case postfix(String, Expression, line: Int)
    case ternary(Expression, Expression, Expression, line: Int)
    /// A closure; its tokens are kept so that effects can be checked, but it is never run.
    case closure([Token], line: Int)
    /// `x as T`, `x as? T`, `x is T`.
    case cast(Expression, String, line: Int)
    /// `try x`, `await x`: the value of `x`.
    case effect(String, Expression, line: Int)
    /// Something the reader parsed past but does not model (a key path, `#filePath`, a float).
    case opaque(String, line: Int)

    /// The 1-based line where the expression starts.
    var line: Int {
        switch self {
        case .identifier(_, let line), .implicitMember(_, let line), .member(_, _, let line),
            .call(_, _, let line), .subscriptAccess(_, _, let line), .stringLiteral(_, let line),
            .integer(_, let line), .boolean(_, let line), .nilLiteral(let line), .array(_, let line),
            .dictionary(_, let line), .tuple(_, let line), .binary(_, _, _, let line),
            .prefix(_, _, let line), .postfix(_, _, let line), .ternary(_, _, _, let line),
            .closure(_, let line), .cast(_, _, let line), .effect(_, _, let line), .opaque(_, let line):
            return line
        }
    }
}

/// One argument of a call, subscript or tuple.
struct CallArgument: Sendable {
    var label: String?
    var value: Expression
}

/// One `key: value` entry of a dictionary literal.
struct DictionaryEntry: Sendable {
    var key: Expression
    var value: Expression
}

/// One piece of a string literal.
enum StringPart: Sendable {
    case text(String)
    case interpolation(Expression)
}

/// A statement at the top level of a manifest or inside a block the reader looks into.
indirect enum Statement: Sendable {
    case importDeclaration(line: Int)
    case variable(VariableDeclaration)
    /// `target op value` with `op` one of `=`, `+=`, `-=`, ...
    case assignment(target: Expression, op: String, value: Expression, line: Int)
    case expression(Expression, line: Int)
    /// `#if ... #elseif ... #else ... #endif`: the statements of every branch.
    case conditionalCompilation([[Statement]], line: Int)
    case forLoop(ForLoop)
    case ifStatement(IfStatement)
    /// `func`, `struct`, `enum`, `class`, `extension`, `protocol`, `actor`, `typealias`.
    case declaration(Declaration)
    /// A statement the reader skipped without modelling (`while`, `switch`, `guard`, ...).
    case unsupported(String, line: Int)

    var line: Int {
        switch self {
        case .importDeclaration(let line), .assignment(_, _, _, let line), .expression(_, let line),
            .conditionalCompilation(_, let line), .unsupported(_, let line):
            return line
        case .variable(let declaration): return declaration.line
        case .forLoop(let loop): return loop.line
        case .ifStatement(let statement): return statement.line
        case .declaration(let declaration): return declaration.line
        }
    }
}

/// `let name: Type = value` or `var name = value`.
struct VariableDeclaration: Sendable {
    var isConstant: Bool
    var name: String
    var value: Expression?
    /// A computed property (`var x: T { ... }`), whose value the reader never knows.
    var isComputed: Bool
    var line: Int
}

/// `for pattern in sequence where condition { body }`.
struct ForLoop: Sendable {
    /// The names the pattern binds.
    var names: [String]
    /// Whether the pattern is one plain name.
    var isSimplePattern: Bool
    var sequence: Expression
    var whereClause: Expression?
    var body: [Statement]
    var line: Int
}

/// `if conditions { then } else { otherwise }`.
struct IfStatement: Sendable {
    /// The tokens of the conditions (kept for effect checks).
    var conditionTokens: [Token]
    /// Names bound by `if let` / `if var` / `case let` in the conditions.
    var boundNames: [String]
    var thenBranch: [Statement]
    var elseBranch: [Statement]?
    var line: Int
}

/// A type or function declaration, recorded by name; its body is never run.
struct Declaration: Sendable {
    /// `func`, `struct`, `extension`, ...
    var kind: String
    var name: String
    /// For an extension: the names its body declares (`static let foo`, `func bar`).
    var memberNames: [String]
    var line: Int
}
