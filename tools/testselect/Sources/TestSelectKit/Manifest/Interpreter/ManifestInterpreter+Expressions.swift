extension ManifestInterpreter {
    /// Computes the value of an expression.
    ///
    /// - Parameter hint: the type the context expects (of the elements, for an array literal): it
    ///   tells `.grpc` of `extension Target` from `.grpc` of `extension Target.Dependency`.
    func evaluate(_ expression: Expression, hint: String? = nil) throws(InterpreterStop) -> ManifestValue {
        try tick()
        switch expression {
        case .identifier(let name, let line):
            return try lookup(name, line: line)
        case .implicitMember(let name, let line):
            return try implicitMember(name, line: line, type: hint)
        case .member(let base, let name, let line):
            return try evaluateMember(base, name, line: line)
        case .call(let callee, let arguments, let line):
            return try evaluateCall(callee, arguments, line: line, hint: hint)
        case .subscriptAccess(let base, let arguments, let line):
            let receiver = try evaluate(base)
            let indices = try evaluateArguments(arguments)
            return try subscriptValue(receiver, indices, line: line)
        case .stringLiteral(let parts, let line):
            var text = ""
            for part in parts {
                switch part {
                case .text(let piece):
                    text += piece
                case .interpolation(let inner):
                    let value = settled(try evaluate(inner))
                    guard let piece = interpolated(value) else {
                        if case .unknown = value { return value }
                        if case .environmentValue(let name) = value { return environmentText(name, line) }
                        return unknown("an interpolation of '\(describe(value))'", line)
                    }
                    text += piece
                }
            }
            return .string(text)
        case .integer(let value, _):
            return .integer(value)
        case .float(let value, _):
            return .double(value)
        case .boolean(let value, _):
            return .boolean(value)
        case .nilLiteral:
            return .null
        case .array(let elements, _):
            var values: [ManifestValue] = []
            for element in elements { values.append(try evaluate(element, hint: hint)) }
            return ManifestInterpreter.normalizedArray(values)
        case .dictionary(let entries, _):
            var pairs: [DictionaryPair] = []
            for entry in entries {
                let key = try evaluate(entry.key)
                let value = try evaluate(entry.value)
                if let index = pairs.firstIndex(where: { $0.key == key }) {
                    pairs[index].value = value
                } else {
                    pairs.append(DictionaryPair(key: key, value: value))
                }
            }
            return .dictionary(pairs)
        case .tuple(let arguments, _):
            var elements: [TupleElement] = []
            for argument in arguments {
                elements.append(TupleElement(label: argument.label, value: try evaluate(argument.value)))
            }
            return .tuple(elements)
        case .binary(let op, let left, let right, let line):
            return try evaluateBinary(op, left, right, line: line, hint: hint)
        case .prefix(let op, let operand, let line):
            let value = try evaluate(operand)
            switch op {
            case "!": return logicalNot(settled(value), line: line)
            case "-":
                switch try concrete(value, line: line) {
                case .integer(let number): return .integer(-number)
                case .double(let number): return .double(-number)
                default: return unknown("'-' on '\(describe(value))'", line)
                }
            case "&": return value
            case "..<", "...": return unknown("a one-sided range", line)
            default: return unknown("the prefix operator '\(op)'", line)
            }
        case .postfix(let op, let operand, let line):
            let value = settled(try evaluate(operand))
            if op == "?", case .environmentValue(let name) = value {
                // `environment["X"]?.lowercased()`: nil when the variable is unset.
                _ = try environmentChoice(name)
                return settled(value)
            }
            if op == "!" {
                if case .null = value { throw .manifestStops(line: line) }
                if case .environmentValue(let name) = value {
                    if case .unset = try environmentChoice(name) { throw .manifestStops(line: line) }
                    return settled(value)
                }
            }
            return value
        case .ternary(let condition, let whenTrue, let whenFalse, let line):
            // The value comes back as the branch's flow: a trial run of the other arm must not leak.
            let flow = try branch(
                on: settled(try evaluate(condition)), line: line,
                then: { () throws(InterpreterStop) in .returned(try self.evaluate(whenTrue, hint: hint)) },
                otherwise: { () throws(InterpreterStop) in .returned(try self.evaluate(whenFalse, hint: hint))
                })
            if case .returned(let value) = flow { return value }
            return unknown("a '? :'", line)
        case .closure(let closure):
            closures[closure.id] = closure
            return .function(FunctionValue(kind: .closure(closure.id), captures: captures()))
        case .cast(let operand, let op, let type, let line):
            let value = try evaluate(operand)
            if op == "is" { return unknown("an 'is \(type)' check", line) }
            return coerce(value, to: type)
        case .effect(let word, let operand, _):
            let value = try evaluate(operand, hint: hint)
            if word == "try?", case .unknown = value { return value }
            return value
        case .statementExpression(let statement, let line):
            return try statementValue(statement, line: line)
        case .opaque(let what, let line):
            return unknown(what, line)
        }
    }

    /// The value of an `if` or `switch` expression: the value of the branch that runs.
    func statementValue(_ statement: Statement, line: Int) throws(InterpreterStop) -> ManifestValue {
        let branchValue = { (body: [Statement]) throws(InterpreterStop) -> ControlFlow in
            guard body.count == 1, case .expression(let expression, _) = body[0] else {
                if body.count == 1, case .throwStatement(let line) = body[0] {
                    throw InterpreterStop.manifestStops(line: line)
                }
                if body.count == 1, case .ifStatement = body[0] {
                    return .returned(try self.statementValue(body[0], line: line))
                }
                throw self.cannot("an 'if' or 'switch' expression whose branch is not one expression", line)
            }
            return .returned(try self.evaluate(expression))
        }
        switch statement {
        case .ifStatement(let statement):
            state.scopes.append([:])
            defer { state.scopes.removeLast() }
            let flow = try executeConditions(
                statement.conditions[...], line: line,
                then: { () throws(InterpreterStop) in try branchValue(statement.thenBranch) },
                otherwise: { () throws(InterpreterStop) in try branchValue(statement.elseBranch ?? []) })
            if case .returned(let value) = flow { return value }
            return unknown("an 'if' expression", line)
        case .switchStatement(var statement):
            for index in statement.cases.indices {
                let body = statement.cases[index].body
                if body.count == 1, case .expression(let expression, let bodyLine) = body[0] {
                    statement.cases[index].body = [.returnStatement(expression, line: bodyLine)]
                }
            }
            let subject = try evaluate(statement.subject)
            let flow = try executeSwitch(statement, subject: subject, from: 0)
            if case .returned(let value) = flow { return value }
            return unknown("a 'switch' expression", line)
        default:
            return unknown("a statement used as a value", line)
        }
    }

    /// A string interpolation's text, when the value has one the reader knows.
    func interpolated(_ value: ManifestValue) -> String? {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .boolean(let flag): return String(flag)
        case .member(let name): return name
        default: return nil
        }
    }

    /// The value of a set environment variable whose text the reading does not know.
    func environmentText(_ name: String, _ line: Int) -> ManifestValue {
        .unknown(
            UnknownValue(
                reason: "the value of environment variable '\(name)'", line: line, environmentVariable: name))
    }

    /// Arrays made only of build settings are one inert value, so that code adding different
    /// settings in different branches ends in the same state.
    static func normalizedArray(_ values: [ManifestValue]) -> ManifestValue {
        if values.first == .inert, values.allSatisfy({ $0 == .inert }) { return .inert }
        return .array(values)
    }

    /// The variables visible here, for a closure to capture (the top level is read at call time).
    func captures() -> [String: Int] {
        var result: [String: Int] = [:]
        for scope in state.scopes.dropFirst() {
            for (name, cell) in scope { result[name] = cell }
        }
        return result
    }

    func lookup(_ name: String, line: Int) throws(InterpreterStop) -> ManifestValue {
        if let cell = state.cell(named: name) { return state.cells[cell] }
        if !selfStack.isEmpty, let value = try selfMember(name, line: line) { return value }
        if name == "Self", let type = selfStack.last?.type ?? currentStaticType { return .typeName(type) }
        if let property = program.computedProperties[name], let getter = property.getter {
            return try runGetter(getter, type: property.type, line: line)
        }
        if program.functions[name] != nil || localFunctions[name] != nil {
            return .function(FunctionValue(kind: .declared(name)))
        }
        if ManifestInterpreter.knownTypeNames.contains(name) || program.types[name] != nil {
            return .typeName(name)
        }
        if name.first?.isUppercase == true { return .typeName(name) }
        return unknown("'\(name)' is not known", line)
    }

    /// Types whose names may appear as values.
    static let knownTypeNames: Set<String> = [
        "Package", "Target", "Product", "Context", "ProcessInfo", "String", "Int", "Bool", "Double", "Array",
        "Set", "Dictionary", "Optional", "PackageDescription", "FileManager", "URL", "SwiftSetting",
        "CSetting", "CXXSetting", "LinkerSetting", "Platform", "SupportedPlatform", "Resource", "Version",
    ]

    func runGetter(_ getter: [Statement], type: String?, line: Int, keepScope: Bool = false)
        throws(InterpreterStop) -> ManifestValue
    {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > 64 { throw cannot("calls nested too deeply", line) }
        let saved = state.scopes
        state.scopes = [state.scopes[0], [:]]
        defer { state.scopes = saved }
        if keepScope, let current = selfStack.last { state.declare("self", current.value) }
        let value = try functionBody(getter, line: line, resultType: type)
        return type.map { coerce(value, to: $0) } ?? value
    }

    /// Runs a function or getter body: its returned value (a lone expression is returned implicitly).
    func functionBody(_ body: [Statement], line: Int, resultType: String? = nil) throws(InterpreterStop)
        -> ManifestValue
    {
        let saved = returnHint
        returnHint = resultType.map(ManifestInterpreter.elementType)
        defer { returnHint = saved }
        if body.count == 1, case .expression(let expression, _) = body[0] {
            return try evaluate(expression, hint: returnHint)
        }
        if body.count == 1, case .ifStatement(let inner) = body[0],
            ManifestInterpreter.isExpressionLike(inner)
        {
            return try statementValue(body[0], line: line)
        }
        switch try execute(body) {
        case .returned(let value): return value
        default: return .null
        }
    }

    /// Whether an `if` is one whose every branch is a single expression (Swift 5.9's `if` expressions).
    static func isExpressionLike(_ statement: IfStatement) -> Bool {
        func single(_ body: [Statement]) -> Bool {
            guard body.count == 1 else { return false }
            if case .expression = body[0] { return true }
            if case .ifStatement(let inner) = body[0] { return isExpressionLike(inner) }
            return false
        }
        guard let otherwise = statement.elseBranch else { return false }
        return single(statement.thenBranch) && single(otherwise)
    }

    /// The element type of an array type (`[Target.Dependency]?` is `Target.Dependency`), or the type itself.
    static func elementType(_ type: String) -> String {
        var base = type
        while let last = base.last, last == "?" || last == "!" { base.removeLast() }
        if base.hasPrefix("["), base.hasSuffix("]"), !base.contains(":") {
            base = String(base.dropFirst().dropLast())
        }
        return ManifestProgram.normalizedTypeName(base)
    }

    /// Gives a value the shape its declared type says: build settings become inert, `.target(...)`
    /// written for a `Target` becomes a target object.
    func coerce(_ value: ManifestValue, to type: String) -> ManifestValue {
        switch TypeCategory(type) {
        case .inert:
            if case .null = value { return value }
            if case .unknown = value { return .inert }
            return .inert
        case .target:
            return materialize(value, as: .target)
        case .labelledTuple(let labels):
            return relabel(value, labels)
        case .arrayOfLabelledTuples(let labels):
            guard case .array(let elements) = value else { return value }
            return .array(elements.map { relabel($0, labels) })
        case .product:
            return materialize(value, as: .product)
        case .other:
            return value
        }
    }

    /// A tuple given the labels its declared type names (`(url: String, path: String)`).
    func relabel(_ value: ManifestValue, _ labels: [String?]) -> ManifestValue {
        guard case .tuple(let elements) = value, elements.count == labels.count else { return value }
        return .tuple(zip(elements, labels).map { TupleElement(label: $1 ?? $0.label, value: $0.value) })
    }

    // MARK: - Members

    func evaluateMember(_ base: Expression, _ name: String, line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        if let path = typePath(base) {
            return try typeMember(path, name, line: line)
        }
        let receiver = settled(try evaluate(base))
        return try member(of: receiver, name, line: line)
    }

    /// The dotted name of a chain of type names (`Target.Dependency`, `PackageDescription.Product`).
    func typePath(_ expression: Expression) -> String? {
        switch expression {
        case .identifier(let name, _):
            guard state.cell(named: name) == nil, program.computedProperties[name] == nil,
                name.first?.isUppercase == true || name == "Self"
            else { return nil }
            return name
        case .member(let base, let name, _):
            guard let prefix = typePath(base), name.first?.isUppercase == true else { return nil }
            return ManifestProgram.normalizedTypeName(prefix + "." + name)
        default:
            return nil
        }
    }

    func typeMember(_ type: String, _ name: String, line: Int) throws(InterpreterStop) -> ManifestValue {
        let type = ManifestProgram.normalizedTypeName(type)
        if let value = try declaredStaticMember(type, name, line: line) { return value }
        switch (type, name) {
        case ("ProcessInfo", "processInfo"): return .typeName("ProcessInfo.processInfo")
        case ("ProcessInfo.processInfo", "environment"), ("Context", "environment"): return .environment
        case ("Context", "packageDirectory"):
            return unknown("'Context.packageDirectory' (the package's absolute path)", line)
        case ("Context", "gitInformation"): return unknown("'Context.gitInformation'", line)
        case ("FileManager", "default"): return .typeName("FileManager.default")
        default: break
        }
        if ManifestInterpreter.packageDescriptionTypes.contains(type)
            || ManifestInterpreter.packageDescriptionTypes.contains(
                String(type.split(separator: ".").first ?? ""))
        {
            if name == "self" { return .typeName(type) }
            return try implicitMember(name, line: line, type: type)
        }
        if name == "init" || name == "self" { return .typeName(type) }
        return unknown("'\(type).\(name)'", line)
    }

    /// A static member declared in the manifest (in a type or an extension), or nil.
    func declaredStaticMember(_ type: String, _ name: String, line: Int) throws(InterpreterStop)
        -> ManifestValue?
    {
        let resolvedType = type == "Self" ? (selfStack.last?.type ?? currentStaticType) : type
        let candidates = resolvedType.map { [$0] } ?? (program.implicitMembers[name] ?? [])
        let savedStaticType = currentStaticType
        defer { currentStaticType = savedStaticType }
        for candidate in candidates {
            guard let members = program.types[candidate] else { continue }
            currentStaticType = candidate
            if let stored = members.storedProperties[name] {
                guard let expression = stored.value else { return unknown("'\(type).\(name)'", line) }
                let declared = stored.type.map { $0 == "Self" ? candidate : $0 }
                return try runGetter(
                    [.returnStatement(expression, line: stored.line)], type: declared ?? candidate, line: line
                )
            }
            if let computed = members.computedProperties[name], let getter = computed.getter {
                let declared = computed.type.map { $0 == "Self" ? candidate : $0 }
                return try runGetter(getter, type: declared ?? candidate, line: line)
            }
            if members.functions[name] != nil {
                return .function(FunctionValue(kind: .staticMember(type: candidate, name: name, overload: 0)))
            }
            if members.enumCases.contains(name) { return .member(candidate + "." + name) }
        }
        return nil
    }

    /// `.name` without a call: a member the manifest declares (in an extension), or PackageDescription's.
    func implicitMember(_ name: String, line: Int, type: String? = nil) throws(InterpreterStop)
        -> ManifestValue
    {
        if let declaring = program.implicitMembers[name] {
            var relevant = declaring
            if let type, declaring.count > 1 { relevant = declaring.filter { $0 == type } }
            if relevant.count == 1, let value = try declaredStaticMember(relevant[0], name, line: line) {
                return value
            }
            if relevant.count > 1 {
                return unknown("'.\(name)' is declared by several types in the manifest", line)
            }
        }
        if ManifestInterpreter.inertMembers.contains(name) { return .inert }
        return .member(name)
    }

    /// Implicit members that name a build setting or language version (`.v5`, `.c11`).
    static let inertMembers: Set<String> = [
        "v4", "v4_2", "v5", "v6", "c11", "c17", "gnu11", "cxx17", "cxx20",
    ]

    /// Types of the PackageDescription API: `Target.target(...)` is the same as `.target(...)`.
    static let packageDescriptionTypes: Set<String> = [
        "Package", "Target", "Product", "Resource", "Dependency", "PluginUsage", "PluginCapability",
        "TargetDependencyCondition", "Platform", "SupportedPlatform", "SwiftSetting", "CSetting",
        "CXXSetting", "LinkerSetting", "BuildConfiguration", "BuildSettingCondition", "SwiftVersion",
        "SwiftLanguageMode", "CLanguageStandard", "CXXLanguageStandard", "SystemPackageProvider",
        "PluginCommandIntent", "PluginPermission", "PluginNetworkPermissionScope", "Trait", "Version",
        "LanguageTag", "Requirement", "ModuleAlias", "PackageDescription", "TargetPluginUsage",
        "Package.Dependency", "Target.Dependency", "Target.PluginUsage", "Target.TargetType",
        "Package.Dependency.Requirement", "Product.Library", "Product.Library.LibraryType",
        "Target.PluginCapability",
    ]

    /// A member of a value: a property of a `Package`/`Target`/`Product`, of a symbolic value, or
    /// of a string, array, dictionary or optional.
    func member(of receiver: ManifestValue, _ name: String, line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        switch receiver {
        case .object(let id):
            return objectField(id, name, line: line)
        case .unknown:
            return receiver
        case .inert:
            return .inert
        case .null:
            // Optional chaining reaches here only after `?`; a member of nil is nil.
            return .null
        case .environmentValue(let name):
            return environmentText(name, line)
        case .call(let callee, _):
            if name == "name" || name == "package" || name == "condition", let value = receiver.argument(name)
            {
                return value
            }
            return unknown("'.\(name)' of '.\(callee)(...)'", line)
        case .tuple(let elements):
            if let index = Int(name), index < elements.count { return elements[index].value }
            if let element = elements.first(where: { $0.label == name }) { return element.value }
            return unknown("the tuple element '\(name)'", line)
        case .record(let type, _):
            if let value = try instanceProperty(of: receiver, name, line: line) { return value }
            return unknown("the property '\(name)' of a '\(type)'", line)
        default:
            if let value = try instanceProperty(of: receiver, name, line: line) { return value }
            return try property(of: receiver, name, line: line)
        }
    }

    /// A property of a `Package`, `Target` or `Product` object, with PackageDescription's defaults.
    func objectField(_ id: Int, _ name: String, line: Int) -> ManifestValue {
        let object = state.objects[id]
        if ManifestProgram.settingsFields.contains(name) { return .inert }
        if let value = object.field(name) { return value }
        switch (object.kind, name) {
        case (.target, "type"):
            return .member(PackageDescriptionDecoder.targetKinds[object.factory]?.rawValue ?? "regular")
        case (.target, "isTest"):
            return .boolean(object.factory == "testTarget")
        case (.target, "dependencies"), (.target, "exclude"), (.package, "products"),
            (.package, "dependencies"), (.package, "targets"), (.product, "targets"):
            return .array([])
        case (.target, "path"), (.target, "sources"), (.target, "resources"), (.target, "plugins"),
            (.target, "url"), (.target, "checksum"), (.target, "moduleAliases"):
            return .null
        default:
            return unknown("the property '\(name)' of a \(object.kind)", line)
        }
    }
}
