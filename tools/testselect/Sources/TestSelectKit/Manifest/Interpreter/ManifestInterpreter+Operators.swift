extension ManifestInterpreter {
    func evaluateBinary(_ op: String, _ left: Expression, _ right: Expression, line: Int, hint: String? = nil)
        throws(InterpreterStop) -> ManifestValue
    {
        switch op {
        case "&&", "||":
            let lhs = settled(try evaluate(left))
            if op == "&&", case .boolean(false) = lhs { return lhs }
            if op == "||", case .boolean(true) = lhs { return lhs }
            let rhs = settled(try evaluate(right))
            return op == "&&" ? logicalAnd(lhs, rhs, line: line) : logicalOr(lhs, rhs, line: line)
        case "??":
            let lhs = settled(try evaluate(left))
            switch lhs {
            case .null:
                return try evaluate(right, hint: hint)
            case .environmentValue(let name):
                if case .unset = try environmentChoice(name) { return try evaluate(right, hint: hint) }
                return settled(lhs)
            case .unknown(let why):
                let rhs = try evaluate(right)
                if rhs == .inert { return .inert }
                return .unknown(why)
            default:
                return lhs
            }
        default:
            let lhs = settled(try evaluate(left, hint: op == "+" ? hint : nil))
            let rhs = settled(try evaluate(right, hint: op == "+" ? hint : nil))
            return try binary(op, lhs, rhs, line: line)
        }
    }

    func binary(_ op: String, _ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        switch op {
        case "==", "!=":
            let equal = equality(lhs, rhs, line: line)
            return op == "==" ? equal : logicalNot(equal, line: line)
        case "===", "!==":
            let same: ManifestValue
            if case .object(let a) = lhs, case .object(let b) = rhs {
                same = .boolean(a == b)
            } else {
                same = unknown("an identity comparison", line)
            }
            return op == "===" ? same : logicalNot(same, line: line)
        case "~=":
            return equality(lhs, rhs, line: line)
        case "+":
            return add(lhs, rhs, line: line)
        case "-", "*", "/", "%":
            guard case .integer(let a) = try concrete(lhs, line: line),
                case .integer(let b) = try concrete(rhs, line: line)
            else {
                if case .unknown = lhs { return lhs }
                if case .unknown = rhs { return rhs }
                return unknown("'\(op)' on values that are not integers", line)
            }
            switch op {
            case "-": return .integer(a &- b)
            case "*": return .integer(a &* b)
            case "/": return b == 0 ? unknown("a division by zero", line) : .integer(a / b)
            default: return b == 0 ? unknown("a division by zero", line) : .integer(a % b)
            }
        case "<", ">", "<=", ">=":
            return compare(op, try concrete(lhs, line: line), try concrete(rhs, line: line), line: line)
        case "..<", "...":
            guard case .integer(let a) = lhs, case .integer(let b) = rhs else {
                return unknown("a range of values that are not integers", line)
            }
            let end = op == "..<" ? b : b + 1
            guard end - a <= 100_000 else { return unknown("a range too long to read", line) }
            return .array(a < end ? (a..<end).map(ManifestValue.integer) : [])
        default:
            return unknown("the operator '\(op)'", line)
        }
    }

    func add(_ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return ManifestInterpreter.normalizedArray(a + b)
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.integer(let a), .integer(let b)): return .integer(a &+ b)
        case (.double(let a), .double(let b)): return .double(a + b)
        case (.inert, .inert), (.inert, .array), (.array, .inert): return .inert
        case (.unknown, _): return lhs
        case (_, .unknown): return rhs
        case (.environmentValue(let name), _), (_, .environmentValue(let name)):
            return environmentText(name, line)
        case (.null, .array), (.null, .inert): return rhs
        default: return unknown("'+' on '\(describe(lhs))' and '\(describe(rhs))'", line)
        }
    }

    func compare(_ op: String, _ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
        let ordered: Bool?
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): ordered = a < b ? true : (a == b ? nil : false)
        case (.string(let a), .string(let b)): ordered = a < b ? true : (a == b ? nil : false)
        case (.double(let a), .double(let b)): ordered = a < b ? true : (a == b ? nil : false)
        default: return unknown("'\(op)' on '\(describe(lhs))' and '\(describe(rhs))'", line)
        }
        switch op {
        case "<": return .boolean(ordered == true)
        case ">": return .boolean(ordered == false)
        case "<=": return .boolean(ordered != false)
        default: return .boolean(ordered != true)
        }
    }

    /// `==`: a Boolean, or a condition when an environment variable or an undecided fact is involved.
    func equality(_ lhs: ManifestValue, _ rhs: ManifestValue, line: Int) -> ManifestValue {
        switch (lhs, rhs) {
        case (.environmentValue(let name), .null), (.null, .environmentValue(let name)):
            return logicalNot(isPresent(.environmentValue(name), line: line), line: line)
        case (.environmentValue(let name), .string(let text)),
            (.string(let text), .environmentValue(let name)):
            comparedLiterals[name, default: []].insert(text)
            if let choice = configuration.environment[name] {
                if case .value(let value) = choice { return .boolean(value == text) }
                return .boolean(false)
            }
            return .condition(.atom(.environmentEquals(name, text)))
        case (.environmentValue(let name), _), (_, .environmentValue(let name)):
            return environmentText(name, line)
        case (.unknown, _):
            return lhs
        case (_, .unknown):
            return rhs
        case (.condition, _), (_, .condition):
            guard let a = symbolic(lhs, line: line), let b = symbolic(rhs, line: line) else {
                // One side is a known Boolean.
                if case .boolean(let truth) = lhs { return truth ? rhs : logicalNot(rhs, line: line) }
                if case .boolean(let truth) = rhs { return truth ? lhs : logicalNot(lhs, line: line) }
                return unknown("a comparison of conditions", line)
            }
            return .condition(.or(.and(a, b), .and(.not(a), .not(b))))
        case (.inert, _), (_, .inert):
            return unknown("a comparison of build settings", line)
        case (.member(let a), .member(let b)):
            return .boolean(ManifestInterpreter.memberName(a) == ManifestInterpreter.memberName(b))
        case (.double(let a), .integer(let b)), (.integer(let b), .double(let a)):
            return .boolean(a == Double(b))
        default:
            return .boolean(lhs == rhs)
        }
    }

    /// `Target.TargetType.test` and `.test` are the same member.
    static func memberName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// A source-like rendering of a value, for reasons.
    func describe(_ value: ManifestValue) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .boolean(let flag): return String(flag)
        case .null: return "nil"
        case .array: return "[...]"
        case .dictionary: return "[...:...]"
        case .tuple: return "(...)"
        case .member(let name): return "." + name
        case .call(let name, _): return ".\(name)(...)"
        case .object(let id): return ".\(state.objects[id].factory)(...)"
        case .record(let type, _): return "a '\(type)'"
        case .inert: return "a build setting"
        case .function: return "a function"
        case .typeName(let name): return name
        case .environment: return "the environment"
        case .environmentValue(let name): return "environment variable '\(name)'"
        case .condition: return "a condition"
        case .unknown(let why): return why.reason
        }
    }

    /// A source-like rendering of an expression, for reasons.
    func describe(_ expression: Expression) -> String {
        switch expression {
        case .identifier(let name, _): return name
        case .implicitMember(let name, _): return "." + name
        case .member(let base, let name, _): return describe(base) + "." + name
        case .call(let callee, _, _): return describe(callee) + "(...)"
        case .subscriptAccess(let base, _, _): return describe(base) + "[...]"
        case .stringLiteral: return "a string"
        case .integer(let value, _): return String(value)
        case .float(let value, _): return String(value)
        case .boolean(let value, _): return String(value)
        case .nilLiteral: return "nil"
        case .array: return "[...]"
        case .dictionary: return "[...:...]"
        case .tuple: return "(...)"
        case .binary(let op, let left, let right, _): return "\(describe(left)) \(op) \(describe(right))"
        case .prefix(let op, let operand, _): return op + describe(operand)
        case .postfix(let op, let operand, _): return describe(operand) + op
        case .ternary(let condition, _, _, _): return describe(condition) + " ? ... : ..."
        case .closure: return "{ ... }"
        case .cast(let operand, let op, let type, _): return describe(operand) + " \(op) \(type)"
        case .effect(let word, let operand, _): return word + " " + describe(operand)
        case .statementExpression: return "an 'if' or 'switch' expression"
        case .opaque(let what, _): return what
        }
    }
}
