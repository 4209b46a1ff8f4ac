extension ManifestEvaluator {
    /// `x = v`, `x += v`, `package.targets += v`, `target.swiftSettings = v`.
    mutating func assign(_ target: Expression, op: String, value: Expression, line: Int) {
        let newValue = evaluate(value)
        switch target {
        case .identifier(let name, _) where variables[name] != nil:
            switch op {
            case "=": variables[name] = newValue
            case "+=":
                variables[name] = ManifestEvaluator.concatenate(
                    variables[name] ?? .array([]), newValue, line: line)
            default: problem("the operator '\(op)' on '\(name)' is not evaluated", line)
            }
            return
        case .member(.identifier("package", _), let field, _) where isPackageVariable:
            if ManifestEvaluator.irrelevantPackageFields.contains(field) { return }
            guard ManifestEvaluator.packageFields.contains(field) else {
                problem("the assignment to 'package.\(field)' is not evaluated", line)
                return
            }
            switch op {
            case "=": setPackageField(field, newValue)
            case "+=":
                let old = variables["package"]?.argument(field) ?? .array([])
                setPackageField(field, ManifestEvaluator.concatenate(old, newValue, line: line))
            default: problem("the operator '\(op)' on 'package.\(field)' is not evaluated", line)
            }
            return
        default:
            break
        }
        let statement = Statement.assignment(target: target, op: op, value: value, line: line)
        absorb(
            effects(of: statement), what: "the assignment to '\(ManifestEvaluator.describe(target))'",
            line: line)
    }

    /// `x.append(v)`, `x.append(contentsOf: v)`, `package.targets.append(v)`, `x.insert(v, at: 0)`.
    mutating func executeExpression(_ expression: Expression, line: Int) {
        if case .call(.member(let receiver, let method, _), let arguments, _) = expression,
            method == "append" || method == "insert", let first = arguments.first
        {
            let element = evaluate(first.value)
            var addition: ManifestValue? = nil
            if method == "append", arguments.count == 1 {
                addition =
                    first.label == "contentsOf" ? element : (first.label == nil ? .array([element]) : nil)
            } else if method == "insert", arguments.count == 2, first.label == nil,
                arguments[1].label == "at",
                case .integer(0) = evaluate(arguments[1].value)
            {
                addition = .array([element])
            }
            if let addition, appendTo(receiver, addition, atStart: method == "insert", line: line) { return }
        }
        absorb(
            effects(of: .expression(expression, line: line)),
            what: "'\(ManifestEvaluator.describe(expression))'",
            line: line)
    }

    /// Handles a statement that is not evaluated: nothing to do when it changes nothing; the
    /// top-level variables it writes become unknown (an error only if they describe the package);
    /// anything else it might change is a problem.
    mutating func absorb(_ written: Set<String>?, what: String, line: Int) {
        guard let written else {
            problem("\(what) is not evaluated", line)
            return
        }
        for name in written.sorted() {
            variables[name] = .unknown(
                UnknownValue(reason: "'\(name)' is changed by \(what), which is not evaluated", line: line))
        }
    }

    var isPackageVariable: Bool {
        if case .call("Package", _) = variables["package"] { return true }
        return false
    }

    mutating func setPackageField(_ field: String, _ value: ManifestValue) {
        guard case .call(let callee, var arguments) = variables["package"] else { return }
        if let index = arguments.firstIndex(where: { $0.label == field }) {
            arguments[index].value = value
        } else {
            arguments.append(ManifestArgument(label: field, value: value))
        }
        variables["package"] = .call(callee, arguments)
    }

    /// Appends to a top-level array variable or a `package` field; false when the receiver is neither.
    mutating func appendTo(_ receiver: Expression, _ addition: ManifestValue, atStart: Bool, line: Int)
        -> Bool
    {
        func combine(_ old: ManifestValue) -> ManifestValue {
            atStart
                ? ManifestEvaluator.concatenate(addition, old, line: line)
                : ManifestEvaluator.concatenate(old, addition, line: line)
        }
        switch receiver {
        case .identifier(let name, _):
            guard let old = variables[name] else { return false }
            variables[name] = combine(old)
            return true
        case .member(.identifier("package", _), let field, _)
        where isPackageVariable && ManifestEvaluator.packageFields.contains(field) && field != "name":
            setPackageField(field, combine(variables["package"]?.argument(field) ?? .array([])))
            return true
        default:
            return false
        }
    }

    static func concatenate(_ first: ManifestValue, _ second: ManifestValue, line: Int) -> ManifestValue {
        switch (first, second) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.unknown, _): return first
        case (_, .unknown): return second
        case (.null, .array): return second
        default:
            return .unknown(UnknownValue(reason: "appending to a value that is not an array", line: line))
        }
    }

    /// A `for` loop: skipped when it provably cannot change the package, run when its sequence is
    /// known and its body is made of statements the evaluator runs, otherwise a problem.
    mutating func executeLoop(_ loop: ForLoop) {
        let written = effects(of: .forLoop(loop))
        if written == [] { return }
        guard loop.isSimplePattern, loop.whereClause == nil, let name = loop.names.first,
            case .array(let elements) = evaluate(loop.sequence)
        else {
            let what = "a 'for' loop over '\(ManifestEvaluator.describe(loop.sequence))'"
            if written == nil {
                problem("\(what) changes the package", loop.line)
            } else {
                absorb(written, what: what, line: loop.line)
            }
            return
        }
        let saved = variables
        let problemsBefore = problems.count
        for element in elements {
            variables[name] = element
            run(loop.body)
            if problems.count > problemsBefore { break }
        }
        // Names declared inside the body are local to it; restore what they shadowed.
        var restored = variables
        for key in variables.keys
        where saved[key] == nil || key == name || loopLocalNames(loop.body).contains(key) {
            restored[key] = saved[key]
        }
        variables = restored
    }

    func loopLocalNames(_ body: [Statement]) -> Set<String> {
        var names: Set<String> = []
        for statement in body {
            if case .variable(let declaration) = statement { names.insert(declaration.name) }
        }
        return names
    }
}
