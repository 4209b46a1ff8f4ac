extension ManifestInterpreter {
    /// The declared types (or extensions) whose instance members apply to a value.
    func declaredTypes(of value: ManifestValue) -> [String] {
        switch value {
        case .record(let type, _):
            return [type]
        case .member(let caseName):
            let name = ManifestInterpreter.memberName(caseName)
            return program.types.filter { $0.value.enumCases.contains(name) }.map(\.key).sorted()
        case .array, .inert:
            return ["Array", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection"]
                .filter { program.types[$0] != nil }
        case .string:
            return ["String", "StringProtocol"].filter { program.types[$0] != nil }
        case .dictionary:
            return ["Dictionary"].filter { program.types[$0] != nil }
        default:
            return []
        }
    }

    /// An instance property of a declared type's value: a stored property of a struct instance or a
    /// computed property run with `self`; nil when the types declare none by that name.
    func instanceProperty(of receiver: ManifestValue, _ name: String, line: Int) throws(InterpreterStop)
        -> ManifestValue?
    {
        if case .record(_, let fields) = receiver, let field = fields.first(where: { $0.label == name }) {
            return field.value
        }
        for type in declaredTypes(of: receiver) {
            if let computed = program.types[type]?.instanceComputedProperties[name],
                let getter = computed.getter
            {
                return try withSelf(receiver, type: type) { () throws(InterpreterStop) in
                    try self.runGetter(getter, type: computed.type, line: line, keepScope: true)
                }
            }
            if program.types[type]?.instanceFunctions[name] != nil {
                return .function(FunctionValue(kind: .boundMethod(receiver: receiver, name: name)))
            }
        }
        return nil
    }

    /// Calls an instance method a declared type or extension gives a value, or returns nil.
    func callInstanceMethod(
        _ receiver: ManifestValue, _ name: String, _ arguments: [ManifestArgument], line: Int
    )
        throws(InterpreterStop) -> ManifestValue?
    {
        let labels = arguments.map(\.label)
        for type in declaredTypes(of: receiver) {
            guard let overloads = program.types[type]?.instanceFunctions[name],
                let declaration = overloads.first(where: { $0.accepts(labels) })
            else { continue }
            return try withSelf(receiver, type: type) { () throws(InterpreterStop) in
                try self.run(
                    declaration, arguments, captures: ["self": self.state.allocate(receiver)], selfType: type,
                    line: line)
            }
        }
        return nil
    }

    /// Runs `body` with `self` (and its members, by plain name) in view.
    func withSelf<T>(_ value: ManifestValue, type: String, _ body: () throws(InterpreterStop) -> T)
        throws(InterpreterStop) -> T
    {
        selfStack.append((value, type))
        defer { selfStack.removeLast() }
        return try body()
    }

    /// A plain name inside a method: a member of `self`.
    func selfMember(_ name: String, line: Int) throws(InterpreterStop) -> ManifestValue? {
        guard let (value, _) = selfStack.last else { return nil }
        if name == "self" { return value }
        return try instanceProperty(of: value, name, line: line)
    }

    /// `Type(label: value, ...)` of a struct the manifest declares: its memberwise initializer.
    func memberwiseInstance(_ type: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop)
        -> ManifestValue?
    {
        guard let members = program.types[type], !members.hasInitializer, !members.instanceProperties.isEmpty
        else { return nil }
        var fields: [ManifestArgument] = []
        var remaining = arguments[...]
        for property in members.instanceProperties {
            guard let name = property.name else { return nil }
            var value: ManifestValue
            if let next = remaining.first, next.label == name {
                value = next.value
                remaining = remaining.dropFirst()
            } else if let initial = property.value {
                value = try evaluate(initial, hint: property.type.map(ManifestInterpreter.elementType))
            } else if property.type?.hasSuffix("?") == true {
                value = .null
            } else {
                return unknown("a '\(type)' made without its '\(name)'", line)
            }
            if let declared = property.type { value = coerce(value, to: declared) }
            fields.append(ManifestArgument(label: name, value: value))
        }
        guard remaining.isEmpty else {
            return unknown("a '\(type)' made with arguments it does not have", line)
        }
        return .record(type, fields)
    }
}
