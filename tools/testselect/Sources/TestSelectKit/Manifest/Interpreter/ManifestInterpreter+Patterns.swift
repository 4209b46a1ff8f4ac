extension ManifestInterpreter {
    /// Whether a value matches a pattern (a Boolean, or a condition when that depends on the
    /// configuration); the names the pattern binds are declared in the current scope.
    func match(_ pattern: Pattern, _ value: ManifestValue, line: Int, bindingByDefault: Bool)
        throws(InterpreterStop) -> ManifestValue
    {
        let value = settled(value)
        switch pattern {
        case .wildcard:
            return .boolean(true)
        case .binding(let name):
            state.declare(name, value)
            return .boolean(true)
        case .optional(let inner):
            let present = isPresent(value, line: line)
            if case .boolean(false) = present { return present }
            let matched = try match(inner, value, line: line, bindingByDefault: bindingByDefault)
            return logicalAnd(present, matched, line: line)
        case .tuple(let patterns):
            guard case .tuple(let elements) = value, elements.count == patterns.count else {
                if case .unknown = value { return value }
                return .boolean(false)
            }
            var result = ManifestValue.boolean(true)
            for (inner, element) in zip(patterns, elements) {
                result = logicalAnd(
                    result, try match(inner, element.value, line: line, bindingByDefault: bindingByDefault),
                    line: line)
            }
            return result
        case .expression(let expression):
            if case .identifier(let name, _) = expression, bindingByDefault {
                state.declare(name, value)
                return .boolean(true)
            }
            let expected = settled(try evaluate(expression))
            if case .array(let range) = expected, case .integer = value {
                return .boolean(range.contains(value))
            }
            return equality(value, expected, line: line)
        case .enumCase(let name, let elements):
            return try matchCase(name, elements, value, line: line, bindingByDefault: bindingByDefault)
        case .typeCheck(let type):
            return unknown("a pattern 'is \(type)'", line)
        }
    }

    /// `.name(sub, ...)` against a symbolic value: PackageDescription's `Target.Dependency` cases
    /// (`.targetItem`, `.productItem`, `.byNameItem`) and the factories' own names.
    func matchCase(
        _ name: String, _ elements: [(label: String?, pattern: Pattern)], _ value: ManifestValue, line: Int,
        bindingByDefault: Bool
    ) throws(InterpreterStop) -> ManifestValue {
        let caseName = ManifestInterpreter.dependencyCaseNames[name] ?? name
        let fields: [ManifestArgument]
        switch value {
        case .string(let text) where caseName == "byName":
            fields = [
                ManifestArgument(label: "name", value: .string(text)),
                ManifestArgument(label: "condition", value: .null),
            ]
        case .call(let callee, let arguments) where callee == caseName:
            fields = arguments
        case .call, .string, .member, .object:
            return .boolean(false)
        case .unknown:
            return value
        default:
            return unknown("the pattern '.\(name)(...)' against '\(describe(value))'", line)
        }
        var result = ManifestValue.boolean(true)
        for (index, element) in elements.enumerated() {
            let field: ManifestValue
            if let label = element.label {
                field = fields.first { $0.label == label }?.value ?? .null
            } else if index < fields.count {
                field = fields[index].value
            } else {
                field = .null
            }
            result = logicalAnd(
                result, try match(element.pattern, field, line: line, bindingByDefault: bindingByDefault),
                line: line)
        }
        return result
    }

    /// The enum cases behind PackageDescription's target dependency factories.
    static let dependencyCaseNames: [String: String] = [
        "targetItem": "target", "productItem": "product", "byNameItem": "byName",
    ]
}
