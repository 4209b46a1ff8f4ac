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
    case float(Double, line: Int)
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
    case closure(ClosureExpression)
    /// `x as T`, `x as? T`, `x is T`, with the type as written.
    case cast(Expression, String, type: String, line: Int)
    /// `try x`, `await x`: the value of `x`.
    case effect(String, Expression, line: Int)
    /// An `if` or `switch` used as an expression (`let x = if c { a } else { b }`).
    case statementExpression(Statement, line: Int)
    /// Something the reader parsed past but does not model (a key path, `#filePath`).
    case opaque(String, line: Int)

    /// The 1-based line where the expression starts.
    var line: Int {
        switch self {
        case .identifier(_, let line), .implicitMember(_, let line), .member(_, _, let line),
            .call(_, _, let line), .subscriptAccess(_, _, let line), .stringLiteral(_, let line),
            .integer(_, let line), .float(_, let line), .boolean(_, let line), .nilLiteral(let line),
            .array(_, let line), .dictionary(_, let line), .tuple(_, let line), .binary(_, _, _, let line),
            .prefix(_, _, let line), .postfix(_, _, let line), .ternary(_, _, _, let line),
            .cast(_, _, _, let line), .effect(_, _, let line), .statementExpression(_, let line),
            .opaque(_, let line):
            return line
        case .closure(let closure):
            return closure.line
        }
    }
}

/// A closure literal: `{ $0.name }`, `{ target in ... }`, `{ (a: Int, b) -> Bool in ... }`.
struct ClosureExpression: Sendable {
    /// Unique within the manifest: the same closure evaluated twice is the same function.
    var id: Int
    /// The names of its declared parameters (empty when it uses `$0`, `$1`, ...).
    var parameters: [String]
    var body: [Statement]
    /// The declared result type, when the signature names one.
    var resultType: String?
    /// How many of `$0`, `$1`, ... the body uses (the highest index plus one).
    var anonymousParameters: Int = 0
    var line: Int
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

/// A pattern of a `switch` case, `if case`, or `for` loop.
indirect enum Pattern: Sendable {
    /// `_`.
    case wildcard
    /// `let x` / `var x` / a plain name in a binding position.
    case binding(String)
    /// An expression compared with `~=` (`.regular`, `"name"`, `1...3`).
    case expression(Expression)
    /// `.name(sub, label: sub)`: an enum case with associated values.
    case enumCase(String, [(label: String?, pattern: Pattern)])
    /// `(a, b)`.
    case tuple([Pattern])
    /// `x?`.
    case optional(Pattern)
    /// `is T` / `x as T`: never matched by the reader.
    case typeCheck(String)
}

/// One clause of an `if`, `guard` or `while` condition list.
enum ConditionClause: Sendable {
    /// A Boolean expression.
    case expression(Expression)
    /// `let x = value` / `var x = value` / `let x` (shorthand): binds when not nil.
    case optionalBinding(String, Expression)
    /// `case pattern = value`.
    case patternMatch(Pattern, Expression)
    /// `#available(...)`: true for the reader.
    case availability
}

/// A statement at the top level of a manifest, or inside a block, closure or function.
indirect enum Statement: Sendable {
    case importDeclaration(line: Int)
    case variable(VariableDeclaration)
    /// `target op value` with `op` one of `=`, `+=`, `-=`, ...
    case assignment(target: Expression, op: String, value: Expression, line: Int)
    case expression(Expression, line: Int)
    /// `#if ... #elseif ... #else ... #endif`: each clause's condition (nil for `#else`) and statements.
    case conditionalCompilation([ConditionalClause], line: Int)
    case forLoop(ForLoop)
    case whileLoop(conditions: [ConditionClause], body: [Statement], checkFirst: Bool, line: Int)
    case ifStatement(IfStatement)
    case guardStatement(conditions: [ConditionClause], elseBranch: [Statement], line: Int)
    case switchStatement(SwitchStatement)
    /// `do { ... } catch { ... }`.
    case doStatement(body: [Statement], catches: [[Statement]], line: Int)
    case returnStatement(Expression?, line: Int)
    case breakStatement(line: Int)
    case continueStatement(line: Int)
    /// `throw x`, `fatalError(...)`: the manifest stops.
    case throwStatement(line: Int)
    case function(FunctionDeclaration)
    /// `struct`, `enum`, `class`, `extension`, `protocol`, `actor`, with their members.
    case typeDeclaration(TypeDeclaration)
    /// A statement the reader skipped without modelling, with the tokens it spans.
    case unsupported(String, tokens: [Token], line: Int)

    var line: Int {
        switch self {
        case .importDeclaration(let line), .assignment(_, _, _, let line), .expression(_, let line),
            .conditionalCompilation(_, let line), .whileLoop(_, _, _, let line),
            .guardStatement(_, _, let line), .doStatement(_, _, let line), .returnStatement(_, let line),
            .breakStatement(let line), .continueStatement(let line), .throwStatement(let line),
            .unsupported(_, _, let line):
            return line
        case .variable(let declaration): return declaration.line
        case .forLoop(let loop): return loop.line
        case .ifStatement(let statement): return statement.line
        case .switchStatement(let statement): return statement.line
        case .function(let function): return function.line
        case .typeDeclaration(let declaration): return declaration.line
        }
    }
}

/// One clause of an `#if`: its condition as written (nil for `#else`) and its statements.
struct ConditionalClause: Sendable {
    var condition: CompilationCondition?
    var body: [Statement]
}

/// `let name: Type = value`, `var name = value`, `var name: Type { getter }`, `let (a, b) = value`.
struct VariableDeclaration: Sendable {
    var isConstant: Bool
    /// The name, or the pattern when it destructures.
    var pattern: Pattern
    /// The type annotation as written.
    var type: String?
    var value: Expression?
    /// The body of a computed property (`var x: T { ... }`), run on every read.
    var getter: [Statement]?
    var isStatic: Bool
    var line: Int

    /// The single name the declaration binds, when it is not a destructuring one.
    var name: String? {
        if case .binding(let name) = pattern { return name }
        return nil
    }
}

/// `for pattern in sequence where condition { body }`.
struct ForLoop: Sendable {
    var pattern: Pattern
    var sequence: Expression
    var whereClause: Expression?
    var body: [Statement]
    var line: Int
}

/// `if conditions { then } else { otherwise }`.
struct IfStatement: Sendable {
    var conditions: [ConditionClause]
    var thenBranch: [Statement]
    var elseBranch: [Statement]?
    var line: Int
}

/// `switch subject { case ...: ... default: ... }`.
struct SwitchStatement: Sendable {
    var subject: Expression
    var cases: [SwitchCase]
    var line: Int
}

/// One `case` (or `default`) of a `switch`.
struct SwitchCase: Sendable {
    /// The patterns; empty for `default`.
    var patterns: [Pattern]
    var whereClause: Expression?
    var body: [Statement]
    var isDefault: Bool { patterns.isEmpty }
}

/// A `func` with its parameters and body.
struct FunctionDeclaration: Sendable {
    /// A parameter: the argument label callers write (nil for `_`), the name inside the body, a default.
    struct Parameter: Sendable {
        var label: String?
        var name: String
        var defaultValue: Expression?
        var isVariadic: Bool
        /// The type as written.
        var type: String = ""
    }

    var name: String
    var parameters: [Parameter]
    var resultType: String?
    var body: [Statement]
    var isStatic: Bool
    var line: Int
}

/// A type declaration or extension: its name and the members the reader can run.
struct TypeDeclaration: Sendable {
    /// `struct`, `enum`, `class`, `extension`, `protocol`, `actor`.
    var kind: String
    /// The (dotted) name: `Target.Dependency` for `extension Target.Dependency`.
    var name: String
    var members: [Statement]
    /// Enum case names it declares.
    var enumCases: [String]
    var line: Int
}

/// The condition of an `#if` / `#elseif`.
indirect enum CompilationCondition: Sendable, Hashable {
    /// `os(Linux)`, `swift(>=5.9)`, `canImport(Foundation)`, `DEBUG`: a name with its argument text.
    case atom(name: String, argument: String?)
    case boolean(Bool)
    case not(CompilationCondition)
    case and(CompilationCondition, CompilationCondition)
    case or(CompilationCondition, CompilationCondition)

    /// The condition as source-like text.
    var text: String {
        switch self {
        case .atom(let name, let argument): return argument.map { "\(name)(\($0))" } ?? name
        case .boolean(let value): return String(value)
        case .not(let inner): return "!" + inner.text
        case .and(let a, let b): return "(\(a.text) && \(b.text))"
        case .or(let a, let b): return "(\(a.text) || \(b.text))"
        }
    }
}
