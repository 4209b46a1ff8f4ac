extension ManifestInterpreter {
    /// Runs `then` or `otherwise` depending on a Boolean value.
    ///
    /// A value the configuration decides takes one way. Otherwise both ways are run from the same
    /// state; if they end the same, that is the result and nothing is decided. If they differ, the
    /// condition's variables are decided (recorded for the explorer, which runs the other outcomes),
    /// unless this is itself a trial run of an enclosing branch, which then has to decide instead.
    func branch(
        on value: ManifestValue, line: Int, then: () throws(InterpreterStop) -> ControlFlow,
        otherwise: () throws(InterpreterStop) -> ControlFlow
    ) throws(InterpreterStop) -> ControlFlow {
        let condition: SymbolicCondition
        switch value {
        case .boolean(let truth):
            return truth ? try then() : try otherwise()
        case .condition(let symbolic):
            condition = symbolic
        default:
            condition = opaqueCondition(value, line: line)
        }
        if let truth = condition.truth(in: configuration) {
            return truth ? try then() : try otherwise()
        }
        let start = state
        let thenOutcome = try trial(then)
        let thenState = state
        state = start
        let elseOutcome = try trial(otherwise)
        let elseState = state
        if let a = thenOutcome, let b = elseOutcome, equivalent(thenState, a, elseState, b) {
            state = thenState
            return try a.get()
        }
        if speculationDepth > 0 {
            state = start
            throw .needsDecision
        }
        let truth = decide(condition)
        if let outcome = truth ? thenOutcome : elseOutcome {
            state = truth ? thenState : elseState
            return try outcome.get()
        }
        state = start
        return truth ? try then() : try otherwise()
    }

    /// Runs a branch as a trial: its outcome (a flow or the manifest stopping), or nil when it needed a
    /// decision of its own.
    private func trial(_ body: () throws(InterpreterStop) -> ControlFlow) throws(InterpreterStop)
        -> Result<ControlFlow, InterpreterStop>?
    {
        speculationDepth += 1
        defer { speculationDepth -= 1 }
        do {
            return .success(try body())
        } catch {
            switch error {
            case .needsDecision: return nil
            case .manifestStops, .cannotEvaluate: return .failure(error)
            case .budgetExceeded: throw error
            }
        }
    }

    private func equivalent(
        _ a: InterpreterState, _ x: Result<ControlFlow, InterpreterStop>, _ b: InterpreterState,
        _ y: Result<ControlFlow, InterpreterStop>
    ) -> Bool {
        switch (x, y) {
        case (.success(let flowA), .success(let flowB)):
            switch (flowA, flowB) {
            case (.returned(let valueA), .returned(let valueB)):
                var left = a
                var right = b
                left.declare(" result", valueA)
                right.declare(" result", valueB)
                return left.isEquivalent(to: right)
            default:
                return flowA == flowB && a.isEquivalent(to: b)
            }
        case (.failure(.manifestStops), .failure(.manifestStops)):
            return true
        default:
            return false
        }
    }

    /// Decides the variables of a condition until its truth is known, and returns it.
    func decide(_ condition: SymbolicCondition) -> Bool {
        while true {
            if let truth = condition.truth(in: configuration) { return truth }
            guard let variable = condition.variables.first(where: { !configuration.isDecided($0) }) else {
                return false
            }
            decideFirstChoice(variable)
        }
    }

    /// Gives an undecided variable the first value of its domain and records the decision.
    func decideFirstChoice(_ variable: DecisionVariable) {
        switch variable {
        case .environment(let name):
            configuration.environment[name] = .unset
        case .flag(let key):
            configuration.flags[key] = false
            if !key.hasPrefix("#if "), !undecidableFacts.contains(key) { undecidableFacts.append(key) }
        }
        newDecisions.append(variable)
    }

    /// The value of an environment variable once it must be known (for `??`, `map`, a loop): decided
    /// now when it is not yet, or a trial run stops so that the enclosing branch decides.
    func environmentChoice(_ name: String) throws(InterpreterStop) -> EnvironmentChoice {
        if let choice = configuration.environment[name] { return choice }
        if speculationDepth > 0 { throw .needsDecision }
        decideFirstChoice(.environment(name))
        return configuration.environment[name] ?? .unset
    }

    /// A condition on a value the reader cannot compute: a fact of its own, taken both ways.
    func opaqueCondition(_ value: ManifestValue, line: Int) -> SymbolicCondition {
        let what: String
        if case .unknown(let why) = value {
            what = why.description
        } else {
            what = "line \(line): '\(describe(value))' used as a condition"
        }
        return .atom(.opaque(what))
    }

    /// Whether an optional value is present (`if let`, `!= nil`), possibly as a condition.
    func isPresent(_ value: ManifestValue, line: Int) -> ManifestValue {
        switch value {
        case .null:
            return .boolean(false)
        case .environmentValue(let name):
            if let choice = configuration.environment[name] {
                if case .unset = choice { return .boolean(false) }
                return .boolean(true)
            }
            return .condition(.atom(.environmentSet(name)))
        case .unknown(let why):
            return .condition(.atom(.opaque(why.description + " (whether it is nil)")))
        default:
            return .boolean(true)
        }
    }

    /// The value inside an optional that is present.
    func unwrapped(_ value: ManifestValue) -> ManifestValue {
        value
    }

    /// The value of `#if` in this reading: decided from the host where it can be, otherwise a fact.
    func compilationValue(_ condition: CompilationCondition) -> ManifestValue {
        switch condition {
        case .boolean(let value):
            return .boolean(value)
        case .atom(let name, let argument):
            if case .host(let host) = mode, let truth = host.evaluate(name, argument: argument) {
                return .boolean(truth)
            }
            return .condition(.atom(.compilation(condition.text)))
        case .not(let inner):
            return logicalNot(compilationValue(inner))
        case .and(let a, let b):
            return logicalAnd(compilationValue(a), compilationValue(b))
        case .or(let a, let b):
            return logicalOr(compilationValue(a), compilationValue(b))
        }
    }

    func symbolic(_ value: ManifestValue, line: Int) -> SymbolicCondition? {
        switch value {
        case .boolean: return nil
        case .condition(let condition): return condition
        default: return opaqueCondition(value, line: line)
        }
    }

    func logicalNot(_ value: ManifestValue, line: Int = 0) -> ManifestValue {
        if case .boolean(let truth) = value { return .boolean(!truth) }
        guard let condition = symbolic(value, line: line) else { return value }
        if case .not(let inner) = condition { return .condition(inner) }
        return .condition(.not(condition))
    }

    func logicalAnd(_ a: ManifestValue, _ b: ManifestValue, line: Int = 0) -> ManifestValue {
        if case .boolean(false) = a { return a }
        if case .boolean(true) = a { return b }
        if case .boolean(false) = b { return b }
        if case .boolean(true) = b { return a }
        guard let x = symbolic(a, line: line), let y = symbolic(b, line: line) else { return a }
        return .condition(.and(x, y))
    }

    func logicalOr(_ a: ManifestValue, _ b: ManifestValue, line: Int = 0) -> ManifestValue {
        if case .boolean(true) = a { return a }
        if case .boolean(false) = a { return b }
        if case .boolean(true) = b { return b }
        if case .boolean(false) = b { return a }
        guard let x = symbolic(a, line: line), let y = symbolic(b, line: line) else { return a }
        return .condition(.or(x, y))
    }

    /// Resolves a symbolic value the configuration has since decided.
    func settled(_ value: ManifestValue) -> ManifestValue {
        switch value {
        case .condition(let condition):
            if let truth = condition.truth(in: configuration) { return .boolean(truth) }
            return value
        case .environmentValue(let name):
            switch configuration.environment[name] {
            case .unset?: return .null
            case .value(let text)?: return .string(text)
            case .other?, nil: return value
            }
        default:
            return value
        }
    }

    /// Decides a value that must be concrete now (the operand of arithmetic, a loop's sequence).
    func concrete(_ value: ManifestValue, line: Int) throws(InterpreterStop) -> ManifestValue {
        switch value {
        case .condition(let condition):
            if let truth = condition.truth(in: configuration) { return .boolean(truth) }
            if speculationDepth > 0 { throw .needsDecision }
            return .boolean(decide(condition))
        case .environmentValue(let name):
            _ = try environmentChoice(name)
            return settled(value)
        default:
            return value
        }
    }
}
