/// Runs a parsed manifest in one configuration: a small interpreter for the Swift that manifests
/// are written in (variables, closures, functions, `if`/`guard`/`switch`/loops, the standard
/// library's collection methods, PackageDescription's types, environment reads).
///
/// Where the manifest's outcome depends on something the configuration has not decided (an
/// environment variable, an `#if`, a value it cannot compute), a branch is first run both ways: if
/// both ways end in the same state, nothing needs deciding (a check that only changes build
/// settings); otherwise the interpreter decides, records the decision, and `ManifestExplorer` runs
/// the other outcomes in later runs.
final class ManifestInterpreter {
    let mode: ReadingMode
    let program: ManifestProgram
    var state = InterpreterState()
    /// What this run has decided: the explorer's prefix, then this run's own decisions.
    var configuration: Configuration
    /// Variables decided during this run, in order.
    var newDecisions: [DecisionVariable] = []
    /// Texts each environment variable was compared with.
    var comparedLiterals: [String: Set<String>] = [:]
    /// Environment variables the manifest read, in order of first read.
    var environmentReads: [String] = []
    /// Facts the reader could not know and read both ways (for the host reading's notes).
    var undecidableFacts: [String] = []
    /// Closures evaluated so far, by id.
    var closures: [Int: ClosureExpression] = [:]
    /// The type a `return` in the running function is expected to produce (for `.member` look-ups).
    var returnHint: String?
    /// The type whose static member is being evaluated (what `Self` means there).
    var currentStaticType: String?
    /// The instance (and its type) whose method or computed property is running, innermost last.
    var selfStack: [(value: ManifestValue, type: String)] = []
    /// The static functions running now (`type.name#overload`), so none reaches itself by name.
    var activeStaticFunctions: [String] = []
    /// Functions declared inside function or closure bodies.
    var localFunctions: [String: FunctionDeclaration] = [:]
    var speculationDepth = 0
    var callDepth = 0
    var steps = 0
    static let stepLimit = 2_000_000

    init(program: ManifestProgram, mode: ReadingMode, configuration: Configuration) {
        self.program = program
        self.mode = mode
        self.configuration = configuration
    }

    /// Runs the whole manifest.
    func run() throws(InterpreterStop) {
        _ = try execute(program.statements, topLevel: true)
    }

    func tick() throws(InterpreterStop) {
        steps += 1
        if steps > ManifestInterpreter.stepLimit { throw .budgetExceeded }
    }

    func cannot(_ reason: String, _ line: Int) -> InterpreterStop {
        .cannotEvaluate(UnknownValue(reason: reason, line: line))
    }

    func unknown(_ reason: String, _ line: Int) -> ManifestValue {
        .unknown(UnknownValue(reason: reason, line: line))
    }

    // MARK: - Statements

    /// Runs statements in the current scope (a block pushes its own scope first).
    func execute(_ statements: [Statement], topLevel: Bool = false) throws(InterpreterStop) -> ControlFlow {
        for statement in statements {
            try tick()
            let flow = try execute(statement, topLevel: topLevel)
            if flow != .normal { return flow }
        }
        return .normal
    }

    /// Runs a block in a scope of its own.
    func executeBlock(_ statements: [Statement]) throws(InterpreterStop) -> ControlFlow {
        state.scopes.append([:])
        defer { state.scopes.removeLast() }
        return try execute(statements)
    }

    func execute(_ statement: Statement, topLevel: Bool) throws(InterpreterStop) -> ControlFlow {
        switch statement {
        case .importDeclaration:
            return .normal
        case .variable(let declaration):
            try declare(declaration, topLevel: topLevel)
            return .normal
        case .assignment(let target, let op, let value, let line):
            try assign(target, op: op, value: value, line: line)
            return .normal
        case .expression(let expression, _):
            _ = try evaluate(expression)
            return .normal
        case .conditionalCompilation(let clauses, let line):
            return try executeConditionalCompilation(clauses[...], line: line, topLevel: topLevel)
        case .forLoop(let loop):
            return try executeFor(loop)
        case .whileLoop(let conditions, let body, let checkFirst, let line):
            return try executeWhile(conditions, body: body, checkFirst: checkFirst, line: line)
        case .ifStatement(let statement):
            state.scopes.append([:])
            defer { state.scopes.removeLast() }
            return try executeConditions(
                statement.conditions[...], line: statement.line,
                then: { () throws(InterpreterStop) in try self.executeBlock(statement.thenBranch) },
                otherwise: { () throws(InterpreterStop) in
                    guard let otherwise = statement.elseBranch else { return .normal }
                    return try self.executeBlock(otherwise)
                })
        case .guardStatement(let conditions, let elseBranch, let line):
            return try executeConditions(
                conditions[...], line: line, scoped: false, then: { () throws(InterpreterStop) in .normal },
                otherwise: { () throws(InterpreterStop) in
                    let flow = try self.executeBlock(elseBranch)
                    if flow == .normal { throw self.cannot("a 'guard' whose 'else' does not leave", line) }
                    return flow
                })
        case .switchStatement(let statement):
            let subject = try evaluate(statement.subject)
            let flow = try executeSwitch(statement, subject: subject, from: 0)
            return flow == .broke ? .normal : flow
        case .doStatement(let body, _, _):
            return try executeBlock(body)
        case .returnStatement(let value, _):
            guard let value else { return .returned(.null) }
            return .returned(try evaluate(value, hint: returnHint))
        case .breakStatement:
            return .broke
        case .continueStatement:
            return .continued
        case .throwStatement(let line):
            throw .manifestStops(line: line)
        case .function(let function):
            if !topLevel { localFunctions[function.name] = function }
            return .normal
        case .typeDeclaration:
            return .normal
        case .unsupported(let description, let tokens, let line):
            if ManifestProgram.mayWrite(tokens) {
                throw cannot("\(description) is not evaluated", line)
            }
            return .normal
        }
    }

    func declare(_ declaration: VariableDeclaration, topLevel: Bool) throws(InterpreterStop) {
        if declaration.getter != nil {
            if topLevel { return }  // hoisted: read through `program.computedProperties`
            guard let name = declaration.name else { return }
            state.declare(name, unknown("'\(name)' is a computed local", declaration.line))
            return
        }
        guard let expression = declaration.value else {
            if let name = declaration.name {
                state.declare(
                    name, unknown("'\(name)' is read before it is given a value", declaration.line))
                if let type = declaration.type, TypeCategory(type) == .inert {
                    state.inertCells.insert(state.cells.count - 1)
                }
            }
            return
        }
        var value = try evaluate(expression, hint: declaration.type.map(ManifestInterpreter.elementType))
        if let type = declaration.type { value = coerce(value, to: type) }
        try bind(declaration.pattern, to: value, line: declaration.line)
        if let type = declaration.type, TypeCategory(type) == .inert, declaration.name != nil {
            state.inertCells.insert(state.cells.count - 1)
        }
    }

    /// Binds the names of a pattern (a name, `_`, or a tuple of them) to a value.
    func bind(_ pattern: Pattern, to value: ManifestValue, line: Int) throws(InterpreterStop) {
        switch pattern {
        case .wildcard:
            return
        case .binding(let name):
            state.declare(name, value)
        case .tuple(let patterns):
            guard case .tuple(let elements) = value, elements.count == patterns.count else {
                for case .binding(let name) in patterns {
                    state.declare(name, unknown("an element of '\(describe(value))'", line))
                }
                return
            }
            for (inner, element) in zip(patterns, elements) { try bind(inner, to: element.value, line: line) }
        case .optional(let inner):
            try bind(inner, to: value, line: line)
        default:
            throw cannot("a declaration with this pattern is not evaluated", line)
        }
    }

    func executeConditionalCompilation(_ clauses: ArraySlice<ConditionalClause>, line: Int, topLevel: Bool)
        throws(InterpreterStop) -> ControlFlow
    {
        guard let clause = clauses.first else { return .normal }
        guard let condition = clause.condition else {
            return try execute(clause.body, topLevel: topLevel)
        }
        let value = compilationValue(condition)
        return try branch(
            on: value, line: line,
            then: { () throws(InterpreterStop) in try self.execute(clause.body, topLevel: topLevel) },
            otherwise: { () throws(InterpreterStop) in
                try self.executeConditionalCompilation(clauses.dropFirst(), line: line, topLevel: topLevel)
            })
    }

    func executeFor(_ loop: ForLoop) throws(InterpreterStop) -> ControlFlow {
        let sequence = try evaluate(loop.sequence)
        guard let elements = try iterate(sequence, line: loop.line) else {
            if ManifestProgram.mayChangePackage(loop.body, locals: loop.pattern.names) {
                throw cannot(
                    "a 'for' loop over '\(describe(loop.sequence))', which is not known, changes the package",
                    loop.line)
            }
            return .normal
        }
        for element in elements {
            try tick()
            state.scopes.append([:])
            defer { state.scopes.removeLast() }
            guard
                case .boolean(true) = try match(
                    loop.pattern, element, line: loop.line, bindingByDefault: true)
            else { continue }
            var flow = ControlFlow.normal
            if let condition = loop.whereClause {
                flow = try branch(
                    on: try evaluate(condition), line: loop.line,
                    then: { () throws(InterpreterStop) in try self.executeBlock(loop.body) },
                    otherwise: { () throws(InterpreterStop) in .normal })
            } else {
                flow = try executeBlock(loop.body)
            }
            switch flow {
            case .broke: return .normal
            case .returned: return flow
            case .normal, .continued: continue
            }
        }
        return .normal
    }

    func executeWhile(_ conditions: [ConditionClause], body: [Statement], checkFirst: Bool, line: Int)
        throws(InterpreterStop) -> ControlFlow
    {
        var first = true
        while true {
            try tick()
            var flow = ControlFlow.normal
            if !checkFirst && first {
                flow = try executeBlock(body)
            } else {
                state.scopes.append([:])
                defer { state.scopes.removeLast() }
                // A false condition ends the loop as `break` does (reported through the flow, so that
                // a trial run of the other way changes nothing).
                flow = try executeConditions(
                    conditions[...], line: line,
                    then: { () throws(InterpreterStop) in try self.executeBlock(body) },
                    otherwise: { () throws(InterpreterStop) in .broke })
            }
            first = false
            switch flow {
            case .broke: return .normal
            case .returned: return flow
            case .normal, .continued: continue
            }
        }
    }

    /// Runs the cases of a `switch` from `index`: the first whose pattern matches runs.
    func executeSwitch(_ statement: SwitchStatement, subject: ManifestValue, from index: Int)
        throws(InterpreterStop) -> ControlFlow
    {
        guard index < statement.cases.count else { return .normal }
        let switchCase = statement.cases[index]
        let next = { () throws(InterpreterStop) -> ControlFlow in
            try self.executeSwitch(statement, subject: subject, from: index + 1)
        }
        if switchCase.isDefault { return try executeBlock(switchCase.body) }
        return try matchAny(
            switchCase.patterns[...], subject, line: statement.line,
            then: { () throws(InterpreterStop) in
                guard let condition = switchCase.whereClause else {
                    return try self.execute(switchCase.body)
                }
                return try self.branch(
                    on: try self.evaluate(condition), line: statement.line,
                    then: { () throws(InterpreterStop) in try self.execute(switchCase.body) },
                    otherwise: next)
            },
            otherwise: next)
    }

    /// Tries the patterns of one case in order (each in a scope of its own).
    func matchAny(
        _ patterns: ArraySlice<Pattern>, _ subject: ManifestValue, line: Int,
        then: @escaping () throws(InterpreterStop) -> ControlFlow,
        otherwise: @escaping () throws(InterpreterStop) -> ControlFlow
    ) throws(InterpreterStop) -> ControlFlow {
        guard let pattern = patterns.first else { return try otherwise() }
        state.scopes.append([:])
        defer { state.scopes.removeLast() }
        let matched = try match(pattern, subject, line: line, bindingByDefault: false)
        return try branch(
            on: matched, line: line, then: then,
            otherwise: { () throws(InterpreterStop) in
                try self.matchAny(patterns.dropFirst(), subject, line: line, then: then, otherwise: otherwise)
            })
    }

    /// Evaluates the clauses of an `if`/`guard`/`while` one after the other, binding names in the
    /// current scope, and continues with `then` when all hold, `otherwise` as soon as one fails.
    func executeConditions(
        _ clauses: ArraySlice<ConditionClause>, line: Int, scoped: Bool = true,
        then: @escaping () throws(InterpreterStop) -> ControlFlow,
        otherwise: @escaping () throws(InterpreterStop) -> ControlFlow
    ) throws(InterpreterStop) -> ControlFlow {
        guard let clause = clauses.first else { return try then() }
        let rest = { () throws(InterpreterStop) -> ControlFlow in
            try self.executeConditions(
                clauses.dropFirst(), line: line, scoped: scoped, then: then, otherwise: otherwise)
        }
        switch clause {
        case .availability:
            return try rest()
        case .expression(let expression):
            return try branch(on: try evaluate(expression), line: line, then: rest, otherwise: otherwise)
        case .optionalBinding(let name, let expression):
            let value = try evaluate(expression)
            let present = isPresent(value, line: line)
            return try branch(
                on: present, line: line,
                then: { () throws(InterpreterStop) in
                    // An `if`'s binding lives in a scope that ends with its branch, so that a
                    // branch that only reads it ends in the same state as the other.
                    if scoped { self.state.scopes.append([:]) }
                    defer { if scoped { self.state.scopes.removeLast() } }
                    self.state.declare(name, self.unwrapped(value))
                    return try rest()
                }, otherwise: otherwise)
        case .patternMatch(let pattern, let expression):
            let value = try evaluate(expression)
            return try branch(
                on: try match(pattern, value, line: line, bindingByDefault: false), line: line, then: rest,
                otherwise: otherwise)
        }
    }
}
