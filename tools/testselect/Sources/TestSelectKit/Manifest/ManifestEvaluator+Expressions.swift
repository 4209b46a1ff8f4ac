extension ManifestEvaluator {
    /// Computes the value of an expression, or `.unknown` with the reason.
    func evaluate(_ expression: Expression) -> ManifestValue {
        switch expression {
        case .identifier(let name, let line):
            if let value = variables[name] { return value }
            if declaredNames.contains(name) {
                return unknown("'\(name)' is declared in the manifest and not evaluated", line)
            }
            return unknown("'\(name)' is not known", line)
        case .implicitMember(let name, let line):
            if extensionMembers.contains(name) {
                return unknown("'.\(name)' is defined in an extension in the manifest", line)
            }
            return .member(name)
        case .member(let base, let name, let line):
            return evaluateMember(base, name, line: line)
        case .call(let callee, let arguments, let line):
            return evaluateCall(callee, arguments, line: line)
        case .subscriptAccess(let base, _, let line):
            return unknown("the subscript of '\(ManifestEvaluator.describe(base))'", line)
        case .stringLiteral(let parts, let line):
            var text = ""
            for part in parts {
                switch part {
                case .text(let piece): text += piece
                case .interpolation(let inner):
                    switch evaluate(inner) {
                    case .string(let piece): text += piece
                    case .integer(let number): text += String(number)
                    case .boolean(let flag): text += String(flag)
                    case .unknown(let why): return .unknown(why)
                    default:
                        return unknown("an interpolation of '\(ManifestEvaluator.describe(inner))'", line)
                    }
                }
            }
            return .string(text)
        case .integer(let value, _):
            return .integer(value)
        case .boolean(let value, _):
            return .boolean(value)
        case .nilLiteral:
            return .null
        case .array(let elements, _):
            return .array(elements.map(evaluate))
        case .dictionary(_, let line):
            return unknown("a dictionary literal", line)
        case .tuple(_, let line):
            return unknown("a tuple", line)
        case .binary(let op, let left, let right, let line):
            return evaluateBinary(op, left, right, line: line)
        case .prefix(let op, let operand, let line):
            return unknown("the prefix operator '\(op)' on '\(ManifestEvaluator.describe(operand))'", line)
        case .postfix(_, let operand, _):
            return evaluate(operand)
        case .ternary(let condition, _, _, let line):
            return unknown("a '? :' on '\(ManifestEvaluator.describe(condition))'", line)
        case .closure(_, let line):
            return unknown("a closure", line)
        case .cast(let operand, let op, let line):
            if op == "is" { return unknown("an 'is' check", line) }
            return evaluate(operand)
        case .effect(_, let operand, _):
            return evaluate(operand)
        case .opaque(let what, let line):
            return unknown(what, line)
        }
    }

    func unknown(_ reason: String, _ line: Int) -> ManifestValue {
        .unknown(UnknownValue(reason: reason, line: line))
    }

    /// The dotted name of a chain made only of PackageDescription types (`Target.Dependency`), or nil.
    func typePath(_ expression: Expression) -> String? {
        switch expression {
        case .identifier(let name, _):
            guard variables[name] == nil, !declaredNames.contains(name),
                ManifestEvaluator.packageDescriptionTypes.contains(name)
            else { return nil }
            return name
        case .member(let base, let name, _):
            guard let prefix = typePath(base), ManifestEvaluator.packageDescriptionTypes.contains(name) else {
                return nil
            }
            return prefix + "." + name
        default:
            return nil
        }
    }

    func evaluateMember(_ base: Expression, _ name: String, line: Int) -> ManifestValue {
        if typePath(base) != nil {
            if extensionMembers.contains(name) {
                return unknown(
                    "'\(ManifestEvaluator.describe(base)).\(name)' is defined in an extension in the manifest",
                    line)
            }
            return .member(name)
        }
        let value = evaluate(base)
        switch value {
        case .unknown:
            return value
        case .call:
            if let field = value.argument(name) { return field }
            if ["products", "dependencies", "targets", "exclude", "resources", "plugins"].contains(name) {
                return .array([])
            }
            return unknown("the property '\(name)' of '\(ManifestEvaluator.describe(base))'", line)
        default:
            return unknown("'\(ManifestEvaluator.describe(base)).\(name)'", line)
        }
    }

    func evaluateCall(_ callee: Expression, _ arguments: [CallArgument], line: Int) -> ManifestValue {
        func symbolic(_ name: String) -> ManifestValue {
            .call(name, arguments.map { ManifestArgument(label: $0.label, value: evaluate($0.value)) })
        }
        switch callee {
        case .implicitMember(let name, _):
            if extensionMembers.contains(name) {
                return unknown("'.\(name)(...)' is defined in an extension in the manifest", line)
            }
            return symbolic(name)
        case .identifier(let name, _):
            if typePath(callee) != nil { return symbolic(name) }
            if declaredNames.contains(name) {
                return unknown("a call to '\(name)', which is declared in the manifest", line)
            }
            return unknown("a call to '\(name)'", line)
        case .member(let base, let name, _):
            if typePath(base) != nil {
                if extensionMembers.contains(name) {
                    return unknown(
                        "'\(ManifestEvaluator.describe(callee))(...)' is defined in an extension in the manifest",
                        line)
                }
                return symbolic(name)
            }
            return unknown("a call to '\(ManifestEvaluator.describe(callee))'", line)
        default:
            return unknown("a call to '\(ManifestEvaluator.describe(callee))'", line)
        }
    }

    func evaluateBinary(_ op: String, _ left: Expression, _ right: Expression, line: Int) -> ManifestValue {
        let lhs = evaluate(left)
        if op == "??" {
            switch lhs {
            case .null: return evaluate(right)
            case .unknown: return lhs
            default: return lhs
            }
        }
        guard op == "+" else {
            return unknown(
                "the operator '\(op)' in '\(ManifestEvaluator.describe(.binary(op, left, right, line: line)))'",
                line)
        }
        let rhs = evaluate(right)
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.integer(let a), .integer(let b)): return .integer(a &+ b)
        case (.unknown, _): return lhs
        case (_, .unknown): return rhs
        default: return unknown("'+' on values of different kinds", line)
        }
    }

    /// A short source-like rendering of an expression, for reasons.
    static func describe(_ expression: Expression) -> String {
        switch expression {
        case .identifier(let name, _): return name
        case .implicitMember(let name, _): return "." + name
        case .member(let base, let name, _): return describe(base) + "." + name
        case .call(let callee, _, _): return describe(callee) + "(...)"
        case .subscriptAccess(let base, _, _): return describe(base) + "[...]"
        case .stringLiteral: return "a string"
        case .integer(let value, _): return String(value)
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
        case .cast(let operand, let op, _): return describe(operand) + " \(op) ..."
        case .effect(let word, let operand, _): return word + " " + describe(operand)
        case .opaque(let what, _): return what
        }
    }
}
