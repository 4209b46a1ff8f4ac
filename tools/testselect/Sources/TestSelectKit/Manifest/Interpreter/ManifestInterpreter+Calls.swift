extension ManifestInterpreter {
    /// Evaluates arguments; `factory` names the PackageDescription factory they are given to, whose
    /// labels say what type each one's elements are (`dependencies:` of a target: `Target.Dependency`).
    func evaluateArguments(_ arguments: [CallArgument], factory: String? = nil) throws(InterpreterStop)
        -> [ManifestArgument]
    {
        var result: [ManifestArgument] = []
        for argument in arguments {
            let hint = factory.flatMap { ManifestInterpreter.argumentType(of: $0, label: argument.label) }
            result.append(
                ManifestArgument(label: argument.label, value: try evaluate(argument.value, hint: hint)))
        }
        return result
    }

    /// Evaluates the arguments of a call to a function the manifest declares, each with the element
    /// type of the parameter it goes to (`dependencies: [Target.Dependency]`) as its hint.
    func evaluateArguments(_ arguments: [CallArgument], for function: FunctionValue) throws(InterpreterStop)
        -> [ManifestArgument]
    {
        let declaration: FunctionDeclaration?
        switch function.kind {
        case .declared(let name): declaration = localFunctions[name] ?? program.functions[name]
        case .staticMember(let type, let name, let overload):
            declaration = program.types[type]?.functions[name]?[overload]
        default: declaration = nil
        }
        guard let parameters = declaration?.parameters else { return try evaluateArguments(arguments) }
        var result: [ManifestArgument] = []
        var next = 0
        for argument in arguments {
            while next < parameters.count, parameters[next].label != argument.label,
                parameters[next].defaultValue != nil
            {
                next += 1
            }
            let type = next < parameters.count ? parameters[next].type : ""
            if next < parameters.count, !parameters[next].isVariadic { next += 1 }
            let hint =
                type.isEmpty
                ? nil : ManifestInterpreter.elementType(type.replacingOccurrences(of: "...", with: ""))
            result.append(
                ManifestArgument(label: argument.label, value: try evaluate(argument.value, hint: hint)))
        }
        return result
    }

    /// The element type of a PackageDescription factory's argument.
    static func argumentType(of factory: String, label: String?) -> String? {
        switch (factory, label) {
        case ("Package", "targets"): return "Target"
        case ("Package", "products"): return "Product"
        case ("Package", "dependencies"): return "Package.Dependency"
        case (_, "dependencies"): return "Target.Dependency"
        case (_, "plugins"): return "Target.PluginUsage"
        case (_, "resources"): return "Resource"
        case (_, "condition"): return "TargetDependencyCondition"
        default: return nil
        }
    }

    func evaluateCall(_ callee: Expression, _ arguments: [CallArgument], line: Int, hint: String? = nil)
        throws(InterpreterStop) -> ManifestValue
    {
        switch callee {
        case .implicitMember(let name, _):
            let labels = arguments.map(\.label)
            var declaring = program.implicitMembers[name] ?? []
            if let hint, declaring.count > 1 { declaring = declaring.filter { $0 == hint } }
            let candidates = declaring.compactMap { staticFunction($0, name, labels: labels) }
            if candidates.count == 1 {
                return try call(
                    candidates[0], try evaluateArguments(arguments, for: candidates[0]), line: line)
            }
            let target =
                hint == "Target.Dependency" ? "Target.Dependency" : (hint == "Target" ? "Target" : nil)
            return factory(name, try evaluateArguments(arguments, factory: name), type: target, line: line)
        case .identifier(let name, _):
            if let cell = state.cell(named: name) {
                return try callValue(state.cells[cell], try evaluateArguments(arguments), line: line)
            }
            if program.functions[name] != nil || localFunctions[name] != nil {
                let function = FunctionValue(kind: .declared(name))
                return try call(function, try evaluateArguments(arguments, for: function), line: line)
            }
            if let current = selfStack.last {
                let values = try evaluateArguments(arguments)
                if let value = try callInstanceMethod(current.value, name, values, line: line) {
                    return value
                }
            }
            if name == "Self", let type = selfStack.last?.type ?? currentStaticType {
                return try initializer(type, try evaluateArguments(arguments), line: line)
            }
            return try freeFunction(name, arguments, line: line)
        case .member(let base, let name, _):
            if let type = typePath(base) {
                let labels = arguments.map(\.label)
                let candidates = (type == "Self" ? (program.implicitMembers[name] ?? []) : [type]).compactMap
                {
                    staticFunction($0, name, labels: labels)
                }
                if candidates.count == 1 {
                    return try call(
                        candidates[0], try evaluateArguments(arguments, for: candidates[0]), line: line)
                }
                return try typeCall(type, name, try evaluateArguments(arguments, factory: name), line: line)
            }
            if ManifestProgram.mutatingMethods.contains(name) || (name == "toggle" && arguments.isEmpty) {
                let values = try evaluateArguments(arguments)
                return try mutatingCall(base, name, values, line: line)
            }
            // `[.a, .b].appending(.c, if: x)`: the expected element type reaches the array and the element.
            let receiver = settled(try evaluate(base, hint: hint))
            var values: [ManifestArgument] = []
            for argument in arguments {
                let value = try evaluate(argument.value, hint: argument.label == nil ? hint : nil)
                values.append(ManifestArgument(label: argument.label, value: value))
            }
            return try method(receiver, name, values, line: line)
        case .array(let elements, _) where arguments.isEmpty && elements.count == 1:
            // `[SwiftSetting]()`, `[String]()`.
            if case .identifier(let type, _) = elements[0] { return coerce(.array([]), to: "[\(type)]") }
            if case .member = elements[0] { return .array([]) }
            return .array([])
        case .dictionary(let entries, _) where arguments.isEmpty && entries.count <= 1:
            return .dictionary([])
        default:
            let value = try evaluate(callee)
            return try callValue(value, try evaluateArguments(arguments), line: line)
        }
    }

    /// Calls whatever a value is: a function, a type (an initializer), or reports it cannot.
    func callValue(_ value: ManifestValue, _ arguments: [ManifestArgument], line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        switch value {
        case .function(let function):
            return try call(function, arguments, line: line)
        case .typeName(let type):
            return try initializer(type, arguments, line: line)
        case .unknown:
            return value
        default:
            return unknown("a call of '\(describe(value))'", line)
        }
    }

    /// Calls a closure or a function declared in the manifest.
    func call(_ function: FunctionValue, _ arguments: [ManifestArgument], line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > 64 { throw cannot("calls nested too deeply", line) }
        switch function.kind {
        case .closure(let id):
            guard let closure = closures[id] else { return unknown("a closure that is not known", line) }
            let saved = state.scopes
            state.scopes = [state.scopes[0], function.captures, [:]]
            defer { state.scopes = saved }
            bindClosureParameters(closure, arguments.map(\.value))
            let value = try functionBody(closure.body, line: line, resultType: closure.resultType)
            return closure.resultType.map { coerce(value, to: $0) } ?? value
        case .declared(let name):
            guard let declaration = localFunctions[name] ?? program.functions[name] else {
                return unknown("a call to '\(name)'", line)
            }
            return try run(declaration, arguments, captures: function.captures, line: line)
        case .staticMember(let type, let name, let overload):
            guard let overloads = program.types[type]?.functions[name], overload < overloads.count else {
                return unknown("a call to '\(type).\(name)'", line)
            }
            let key = "\(type).\(name)#\(overload)"
            activeStaticFunctions.append(key)
            defer { activeStaticFunctions.removeLast() }
            return try run(overloads[overload], arguments, captures: [:], selfType: type, line: line)
        case .initializer(let type):
            return try initializer(type, arguments, line: line)
        case .boundMethod(let receiver, let name):
            return try method(receiver, name, arguments, line: line)
        }
    }

    func bindClosureParameters(_ closure: ClosureExpression, _ values: [ManifestValue]) {
        var values = values
        let wanted = closure.parameters.isEmpty ? closure.anonymousParameters : closure.parameters.count
        // A tuple passed to a closure of several parameters is spread over them (`zip(a, b).map { $0 + $1 }`).
        if wanted > 1, values.count == 1, case .tuple(let elements) = values[0], elements.count == wanted {
            values = elements.map(\.value)
        }
        if closure.parameters.isEmpty {
            for (index, value) in values.enumerated() { state.declare("$\(index)", value) }
            return
        }
        for (index, name) in closure.parameters.enumerated() where name != "_" {
            state.declare(name, index < values.count ? values[index] : .null)
        }
    }

    /// Runs a declared function: arguments matched to parameters by label and position, defaults filled in.
    func run(
        _ declaration: FunctionDeclaration, _ arguments: [ManifestArgument], captures: [String: Int],
        selfType: String = "Self", line: Int
    ) throws(InterpreterStop) -> ManifestValue {
        var bound: [(String, ManifestValue)] = []
        var remaining = arguments[...]
        for parameter in declaration.parameters {
            if parameter.isVariadic {
                var values: [ManifestValue] = []
                while let next = remaining.first,
                    next.label == parameter.label || values.count > 0 && next.label == nil
                {
                    values.append(next.value)
                    remaining = remaining.dropFirst()
                }
                bound.append((parameter.name, .array(values)))
            } else if let next = remaining.first, next.label == parameter.label {
                bound.append((parameter.name, next.value))
                remaining = remaining.dropFirst()
            } else if let defaultValue = parameter.defaultValue {
                bound.append((parameter.name, try evaluate(defaultValue)))
            } else if let next = remaining.first {
                bound.append((parameter.name, next.value))
                remaining = remaining.dropFirst()
            } else {
                return unknown(
                    "a call to '\(declaration.name)' without its argument '\(parameter.name)'", line)
            }
        }
        let saved = state.scopes
        state.scopes = [state.scopes[0], captures, [:]]
        defer { state.scopes = saved }
        for (name, value) in bound { state.declare(name, value) }
        let resultType = declaration.resultType.map { $0 == "Self" ? selfType : $0 }
        let value = try functionBody(declaration.body, line: line, resultType: resultType)
        return resultType.map { coerce(value, to: $0) } ?? value
    }

    // MARK: - PackageDescription

    /// A PackageDescription factory: `.target(...)`, `.library(...)`, `.product(...)`, `.define(...)`.
    func factory(_ name: String, _ arguments: [ManifestArgument], type: String?, line: Int) -> ManifestValue {
        let labels = Set(arguments.compactMap(\.label))
        if ManifestInterpreter.inertFactories.contains(name) { return .inert }
        if name == "custom", !labels.isEmpty { return .inert }  // a plugin command intent, not a platform
        let symbolic = ManifestValue.call(name, arguments)
        switch name {
        case "target":
            if type == "Target.Dependency" { return symbolic }
            if type == "Target" || !labels.isSubset(of: ["name", "condition"]) {
                return materialize(symbolic, as: .target)
            }
            return symbolic
        case "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "macro":
            return materialize(symbolic, as: .target)
        case "plugin":
            if labels.contains("capability") { return materialize(symbolic, as: .target) }
            if labels.contains("targets") { return materialize(symbolic, as: .product) }
            return symbolic
        case "library":
            return materialize(symbolic, as: .product)
        case "executable" where labels.contains("targets"):
            return materialize(symbolic, as: .product)
        default:
            return symbolic
        }
    }

    /// Factories of values that never reach the graph: build settings, platforms, versions, providers.
    static let inertFactories: Set<String> = [
        "define", "unsafeFlags", "headerSearchPath", "linkedLibrary", "linkedFramework",
        "enableUpcomingFeature", "enableExperimentalFeature", "interoperabilityMode", "swiftLanguageMode",
        "swiftLanguageVersion", "treatAllWarnings", "treatWarning", "strictMemorySafety", "defaultIsolation",
        "disableWarning", "enableWarning", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst",
        "driverKit", "upToNextMajor", "upToNextMinor", "exact", "revision", "branch", "version", "brew",
        "apt", "yum", "nuget", "buildTool", "command", "writeToPackageDirectory", "allowNetworkConnections",
        "v", "trait",
    ]

    /// Turns a symbolic `.target(...)`/`.library(...)` (or an array of them) into objects.
    func materialize(_ value: ManifestValue, as kind: HeapObject.Kind) -> ManifestValue {
        switch value {
        case .call(let factory, let arguments):
            let fields = arguments.compactMap { argument -> ManifestArgument? in
                guard let label = argument.label, !ManifestProgram.settingsFields.contains(label) else {
                    return nil
                }
                return argument
            }
            let id = state.allocateObject(HeapObject(kind: kind, factory: factory, fields: fields))
            return .object(id)
        case .array(let elements):
            return .array(elements.map { materialize($0, as: kind) })
        default:
            return value
        }
    }

    /// `Package(...)`: the package object, with its targets and products as objects.
    func makePackage(_ arguments: [ManifestArgument]) -> ManifestValue {
        var object = HeapObject(kind: .package, factory: "Package", fields: [])
        for argument in arguments {
            guard let label = argument.label, !ManifestProgram.settingsFields.contains(label) else {
                continue
            }
            object.fields.append(argument)
        }
        let id = state.allocateObject(object)
        for label in ["targets", "products"] {
            if let value = state.objects[id].field(label) {
                state.objects[id].setField(
                    label, materialize(value, as: label == "targets" ? .target : .product))
            }
        }
        return .object(id)
    }

    /// `Type.name(...)`: a factory of a PackageDescription type, or something else the reader knows.
    func typeCall(_ type: String, _ name: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        if name == "init" { return try initializer(type, arguments, line: line) }
        if ManifestInterpreter.packageDescriptionTypes.contains(type)
            || ManifestInterpreter.packageDescriptionTypes.contains(
                String(type.split(separator: ".").first ?? ""))
        {
            return factory(name, arguments, type: type, line: line)
        }
        return unknown("a call to '\(type).\(name)'", line)
    }

    /// A call of a free function that is not declared in the manifest.
    func freeFunction(_ name: String, _ arguments: [CallArgument], line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        let values = try evaluateArguments(arguments, factory: name == "Package" ? "Package" : nil)
        switch name {
        case "Package":
            return makePackage(values)
        case "fatalError", "preconditionFailure":
            throw .manifestStops(line: line)
        case "precondition":
            if case .boolean(false)? = values.first.map({ settled($0.value) }) {
                throw .manifestStops(line: line)
            }
            return .null
        case "print", "debugPrint", "assert", "assertionFailure":
            return .null
        case "max", "min":
            let numbers = values.compactMap { value -> Int? in
                if case .integer(let number) = value.value { return number }
                return nil
            }
            guard numbers.count == values.count, let first = numbers.first else {
                return unknown("'\(name)' of values that are not numbers", line)
            }
            return .integer(
                numbers.dropFirst().reduce(first) { name == "max" ? Swift.max($0, $1) : Swift.min($0, $1) })
        case "zip":
            guard values.count == 2, case .array(let a) = values[0].value,
                case .array(let b) = values[1].value
            else {
                return unknown("'zip' of values that are not arrays", line)
            }
            return .array(
                zip(a, b).map {
                    .tuple([TupleElement(label: nil, value: $0), TupleElement(label: nil, value: $1)])
                })
        case "stride":
            guard case .integer(let from)? = values.first(where: { $0.label == "from" })?.value,
                case .integer(let by)? = values.first(where: { $0.label == "by" })?.value, by != 0
            else { return unknown("a 'stride' the reader cannot count", line) }
            let through = values.first(where: { $0.label == "through" })?.value
            let to = values.first(where: { $0.label == "to" })?.value
            var result: [ManifestValue] = []
            var current = from
            while result.count < 100_000 {
                if case .integer(let end)? = through {
                    if by > 0 ? current > end : current < end { break }
                } else if case .integer(let end)? = to {
                    if by > 0 ? current >= end : current <= end { break }
                } else {
                    return unknown("a 'stride' the reader cannot count", line)
                }
                result.append(.integer(current))
                current += by
            }
            return .array(result)
        default:
            if name.first?.isUppercase == true { return try initializer(name, values, line: line) }
            return unknown("a call to '\(name)'", line)
        }
    }

    /// `String(x)`, `Int("1")`, `Bool("true")`, `Array(x)`, `Set(x)`, and types the reader does not know.
    func initializer(_ type: String, _ arguments: [ManifestArgument], line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        let first = arguments.first.map { settled($0.value) }
        switch type {
        case "Package":
            return makePackage(arguments)
        case "String":
            guard let first else { return .string("") }
            if case .environmentValue(let name) = first { return environmentText(name, line) }
            if case .unknown = first { return first }
            if let text = interpolated(first) { return .string(text) }
            return unknown("'String(...)' of '\(describe(first))'", line)
        case "Int":
            switch first {
            case .integer?: return first ?? .null
            case .string(let text)?: return Int(text).map(ManifestValue.integer) ?? .null
            case .environmentValue(let name)?: return environmentText(name, line)
            case .unknown?: return first ?? .null
            default: return unknown("'Int(...)' of this value", line)
            }
        case "Bool":
            switch first {
            case .boolean?: return first ?? .null
            case .string(let text)?:
                return text == "true" ? .boolean(true) : (text == "false" ? .boolean(false) : .null)
            case .environmentValue(let name)?: return environmentText(name, line)
            case .unknown?: return first ?? .null
            default: return unknown("'Bool(...)' of this value", line)
            }
        case "Array", "Set", "ContiguousArray":
            guard let first else { return .array([]) }
            let elements = try sequenceElements(first, line: line)
            guard let elements else {
                return first.isUnknown ? first : unknown("'\(type)(...)' of this value", line)
            }
            if type == "Set" {
                var unique: [ManifestValue] = []
                for element in elements where !unique.contains(element) { unique.append(element) }
                return .array(unique)
            }
            return .array(elements)
        case "Dictionary":
            guard let first else { return .dictionary([]) }
            guard case .array(let pairs) = first else {
                return unknown("'Dictionary(...)' of this value", line)
            }
            var result: [DictionaryPair] = []
            for pair in pairs {
                guard case .tuple(let elements) = pair, elements.count == 2 else {
                    return unknown("'Dictionary(...)' of this value", line)
                }
                result.append(DictionaryPair(key: elements[0].value, value: elements[1].value))
            }
            return .dictionary(result)
        default:
            if TypeCategory(type) == .inert { return .inert }
            if let instance = try memberwiseInstance(type, arguments, line: line) { return instance }
            return unknown("a '\(type)' made in the manifest", line)
        }
    }
}

extension ManifestInterpreter {
    /// The static function of a declared type that a call with these labels reaches, or nil.
    ///
    /// Build-setting factories always mean PackageDescription's (their value never matters), and a
    /// function does not reach itself by its own name: inside `static func target(...)` of an
    /// extension, `.target(...)` is PackageDescription's, as it must be for Swift to have compiled it.
    func staticFunction(_ type: String, _ name: String, labels: [String?]) -> FunctionValue? {
        guard !ManifestInterpreter.inertFactories.contains(name),
            let overloads = program.types[type]?.functions[name]
        else { return nil }
        for (index, declaration) in overloads.enumerated()
        where declaration.accepts(labels) && !activeStaticFunctions.contains("\(type).\(name)#\(index)") {
            return FunctionValue(kind: .staticMember(type: type, name: name, overload: index))
        }
        return nil
    }
}

extension FunctionDeclaration {
    /// Whether a call with these argument labels can call this function (overloads are told apart by labels).
    func accepts(_ labels: [String?]) -> Bool {
        var remaining = labels[...]
        for parameter in parameters {
            if parameter.isVariadic {
                while let next = remaining.first, next == parameter.label {
                    remaining = remaining.dropFirst()
                }
                continue
            }
            if let next = remaining.first, next == parameter.label {
                remaining = remaining.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }
}
