/// A parsed manifest with its declarations gathered: top-level functions and computed properties
/// (which Swift lets a manifest use before it declares them) and the static members of the types
/// and extensions it declares (`extension Target.Dependency { static let nio = ... }`).
struct ManifestProgram: Sendable {
    /// The static members of one declared type or extension.
    struct TypeMembers: Sendable {
        var storedProperties: [String: VariableDeclaration] = [:]
        var computedProperties: [String: VariableDeclaration] = [:]
        /// Static functions by name, every overload.
        var functions: [String: [FunctionDeclaration]] = [:]
        var enumCases: Set<String> = []
        /// Stored instance properties, in declaration order (a struct's memberwise initializer).
        var instanceProperties: [VariableDeclaration] = []
        var instanceComputedProperties: [String: VariableDeclaration] = [:]
        var instanceFunctions: [String: [FunctionDeclaration]] = [:]
        /// Whether the type declares an `init` (then the reader cannot make instances).
        var hasInitializer = false
    }

    let statements: [Statement]
    let functions: [String: FunctionDeclaration]
    let computedProperties: [String: VariableDeclaration]
    /// Declared types and extensions by name (`PackageDescription.` removed).
    let types: [String: TypeMembers]
    /// For `.name`: the types that declare a static member or enum case called `name`.
    let implicitMembers: [String: [String]]

    init(statements: [Statement]) {
        self.statements = statements
        var functions: [String: FunctionDeclaration] = [:]
        var computed: [String: VariableDeclaration] = [:]
        var types: [String: TypeMembers] = [:]
        var implicit: [String: [String]] = [:]
        func gather(_ statements: [Statement]) {
            for statement in statements {
                switch statement {
                case .function(let function):
                    if functions[function.name] == nil { functions[function.name] = function }
                case .variable(let declaration) where declaration.getter != nil:
                    if let name = declaration.name, computed[name] == nil { computed[name] = declaration }
                case .conditionalCompilation(let clauses, _):
                    for clause in clauses { gather(clause.body) }
                case .typeDeclaration(let declaration):
                    declareType(declaration, prefix: nil)
                default:
                    continue
                }
            }
        }
        func declareType(_ declaration: TypeDeclaration, prefix: String?) {
            var name = ManifestProgram.normalizedTypeName(declaration.name)
            if let prefix { name = prefix + "." + name }
            var members = types[name] ?? TypeMembers()
            collectMembers(declaration.members, into: &members, typeName: name)
            members.enumCases.formUnion(declaration.enumCases)
            for caseName in declaration.enumCases { register(caseName, name) }
            types[name] = members
            for case .typeDeclaration(let nested) in declaration.members {
                declareType(nested, prefix: declaration.kind == "extension" ? name : name)
            }
        }
        func register(_ member: String, _ type: String) {
            if !(implicit[member] ?? []).contains(type) { implicit[member, default: []].append(type) }
        }
        func collectMembers(_ statements: [Statement], into members: inout TypeMembers, typeName: String) {
            for statement in statements {
                switch statement {
                case .variable(let declaration) where declaration.isStatic:
                    guard let name = declaration.name else { continue }
                    if declaration.getter != nil {
                        members.computedProperties[name] = declaration
                    } else {
                        members.storedProperties[name] = declaration
                    }
                    register(name, typeName)
                case .function(let function) where function.isStatic:
                    members.functions[function.name, default: []].append(function)
                    register(function.name, typeName)
                case .function(let function):
                    members.instanceFunctions[function.name, default: []].append(function)
                case .variable(let declaration):
                    guard let name = declaration.name else { continue }
                    if declaration.getter != nil {
                        members.instanceComputedProperties[name] = declaration
                    } else {
                        members.instanceProperties.append(declaration)
                    }
                case .unsupported(let description, _, _) where description == "a 'init' declaration":
                    members.hasInitializer = true
                case .conditionalCompilation(let clauses, _):
                    for clause in clauses { collectMembers(clause.body, into: &members, typeName: typeName) }
                default:
                    continue
                }
            }
        }
        gather(statements)
        self.functions = functions
        self.computedProperties = computed
        self.types = types
        self.implicitMembers = implicit
    }

    /// `PackageDescription.Target.Dependency` is `Target.Dependency`.
    static func normalizedTypeName(_ name: String) -> String {
        name.hasPrefix("PackageDescription.") ? String(name.dropFirst("PackageDescription.".count)) : name
    }

    /// Target properties a manifest may change freely: they never shape the graph.
    static let settingsFields: Set<String> = [
        "swiftSettings", "cSettings", "cxxSettings", "linkerSettings", "publicHeadersPath", "packageAccess",
        "platforms", "swiftLanguageVersions", "swiftLanguageModes", "cLanguageStandard",
        "cxxLanguageStandard",
        "defaultLocalization", "pkgConfig", "providers", "traits",
    ]

    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "popFirst",
        "sort", "reverse", "shuffle", "merge", "updateValue", "removeValue", "formUnion", "formIntersection",
        "subtract", "formSymmetricDifference", "replaceSubrange", "swapAt", "partition", "removeSubrange",
    ]

    /// Whether skipped tokens could write to anything (an assignment, `&`, a mutating method).
    static func mayWrite(_ tokens: [Token]) -> Bool {
        for (index, token) in tokens.enumerated() {
            if token.kind == .operatorSymbol,
                Parser.assignmentOperators.contains(token.text) || token.text == "&"
            {
                return true
            }
            if token.kind == .identifier, mutatingMethods.contains(token.text), index > 0,
                tokens[index - 1].isPunctuation(".")
            {
                return true
            }
        }
        return false
    }

    /// Whether statements that cannot be run could change anything outside themselves other than
    /// build settings: an assignment or mutation whose root is not one of their own locals, or a
    /// call of a function the manifest declares.
    static func mayChangePackage(_ statements: [Statement], locals: Set<String>) -> Bool {
        var scan = WriteScan(locals: locals)
        return scan.statements(statements)
    }
}

extension Pattern {
    /// The names a pattern binds.
    var names: Set<String> {
        switch self {
        case .binding(let name): return [name]
        case .tuple(let patterns): return patterns.reduce(into: []) { $0.formUnion($1.names) }
        case .enumCase(_, let elements): return elements.reduce(into: []) { $0.formUnion($1.pattern.names) }
        case .optional(let inner): return inner.names
        case .wildcard, .expression, .typeCheck: return []
        }
    }
}

/// A syntactic scan for writes outside a block's own locals.
private struct WriteScan {
    var locals: Set<String>

    mutating func statements(_ statements: [Statement]) -> Bool {
        for statement in statements where self.statement(statement) { return true }
        return false
    }

    mutating func statement(_ statement: Statement) -> Bool {
        switch statement {
        case .importDeclaration, .breakStatement, .continueStatement, .throwStatement, .typeDeclaration:
            return false
        case .variable(let declaration):
            locals.formUnion(declaration.pattern.names)
            return declaration.value.map { expression($0) } ?? false
        case .assignment(let target, _, let value, _):
            return writes(target) || expression(value)
        case .expression(let value, _):
            return expression(value)
        case .returnStatement(let value, _):
            return value.map { expression($0) } ?? false
        case .conditionalCompilation(let clauses, _):
            return clauses.contains { clause in
                var inner = self
                return inner.statements(clause.body)
            }
        case .forLoop(let loop):
            var inner = self
            inner.locals.formUnion(loop.pattern.names)
            return expression(loop.sequence) || inner.statements(loop.body)
        case .whileLoop(let conditions, let body, _, _):
            var inner = self
            return conditions.contains { inner.clause($0) } || inner.statements(body)
        case .ifStatement(let statement):
            var inner = self
            if statement.conditions.contains(where: { inner.clause($0) }) { return true }
            var thenScope = inner
            var elseScope = self
            return thenScope.statements(statement.thenBranch)
                || (statement.elseBranch.map { elseScope.statements($0) } ?? false)
        case .guardStatement(let conditions, let elseBranch, _):
            if conditions.contains(where: { clause($0) }) { return true }
            var inner = self
            return inner.statements(elseBranch)
        case .switchStatement(let statement):
            if expression(statement.subject) { return true }
            return statement.cases.contains { switchCase in
                var inner = self
                for pattern in switchCase.patterns { inner.locals.formUnion(pattern.names) }
                return inner.statements(switchCase.body)
            }
        case .doStatement(let body, let catches, _):
            var inner = self
            if inner.statements(body) { return true }
            return catches.contains { block in
                var scope = self
                return scope.statements(block)
            }
        case .function(let function):
            locals.insert(function.name)
            return false
        case .unsupported(_, let tokens, _):
            return ManifestProgram.mayWrite(tokens)
        }
    }

    mutating func clause(_ clause: ConditionClause) -> Bool {
        switch clause {
        case .expression(let value): return expression(value)
        case .optionalBinding(let name, let value):
            locals.insert(name)
            return expression(value)
        case .patternMatch(let pattern, let value):
            locals.formUnion(pattern.names)
            return expression(value)
        case .availability: return false
        }
    }

    /// Whether writing to `place` reaches outside the locals (settings fields excepted).
    func writes(_ place: Expression) -> Bool {
        var members: [String] = []
        var current = place
        while true {
            switch current {
            case .member(let base, let name, _):
                members.insert(name, at: 0)
                current = base
            case .postfix(_, let base, _), .subscriptAccess(let base, _, _):
                current = base
            case .identifier(let name, _):
                if name == "_" { return false }
                if let first = members.first, ManifestProgram.settingsFields.contains(first) { return false }
                if locals.contains(name) {
                    // A local that may hold a target: only its settings may change.
                    return !members.isEmpty
                }
                return true
            default:
                return true
            }
        }
    }

    func expression(_ expression: Expression) -> Bool {
        switch expression {
        case .identifier, .implicitMember, .stringLiteral, .integer, .float, .boolean, .nilLiteral, .opaque:
            if case .stringLiteral(let parts, _) = expression {
                for case .interpolation(let inner) in parts where self.expression(inner) { return true }
            }
            return false
        case .member(let base, _, _), .postfix(_, let base, _), .cast(let base, _, _, _),
            .effect(_, let base, _):
            return self.expression(base)
        case .call(let callee, let arguments, _):
            if arguments.contains(where: { self.expression($0.value) }) { return true }
            switch callee {
            case .identifier(let name, _):
                return !locals.contains(name) && name.first?.isLowercase == true
                    && !WriteScan.pureFunctions.contains(name)
            case .member(let receiver, let method, _):
                if ManifestProgram.mutatingMethods.contains(method) { return writes(receiver) }
                return self.expression(receiver)
            default:
                return self.expression(callee)
            }
        case .subscriptAccess(let base, let arguments, _):
            return self.expression(base) || arguments.contains { self.expression($0.value) }
        case .tuple(let arguments, _):
            return arguments.contains { self.expression($0.value) }
        case .array(let elements, _):
            return elements.contains { self.expression($0) }
        case .dictionary(let entries, _):
            return entries.contains { self.expression($0.key) || self.expression($0.value) }
        case .binary(_, let left, let right, _):
            return self.expression(left) || self.expression(right)
        case .prefix(let op, let operand, _):
            return op == "&" ? writes(operand) : self.expression(operand)
        case .ternary(let condition, let whenTrue, let whenFalse, _):
            return self.expression(condition) || self.expression(whenTrue) || self.expression(whenFalse)
        case .closure(let closure):
            var inner = self
            inner.locals.formUnion(closure.parameters)
            for index in 0..<10 { inner.locals.insert("$\(index)") }
            return inner.statements(closure.body)
        case .statementExpression(let statement, _):
            var inner = self
            return inner.statement(statement)
        }
    }

    /// Free functions of the standard library and Foundation that change nothing.
    static let pureFunctions: Set<String> = [
        "print", "debugPrint", "max", "min", "zip", "stride", "precondition", "assert", "type", "abs",
        "repeatElement", "sequence",
    ]
}

/// What a type annotation says about the values it holds.
enum TypeCategory: Equatable {
    /// Build settings, platforms, language versions: never part of the graph.
    case inert
    /// `Target` (a target, not a target dependency).
    case target
    /// `Product`.
    case product
    /// `(url: String, path: String)`: the labels of a tuple type.
    case labelledTuple([String?])
    /// `[(url: String, path: String)]`.
    case arrayOfLabelledTuples([String?])
    case other

    init(_ type: String) {
        if let labels = TypeCategory.tupleLabels(type) {
            self = .labelledTuple(labels)
            return
        }
        if type.hasPrefix("["), type.hasSuffix("]"),
            let labels = TypeCategory.tupleLabels(String(type.dropFirst().dropLast()))
        {
            self = .arrayOfLabelledTuples(labels)
            return
        }
        var base = ManifestProgram.normalizedTypeName(type)
        while let last = base.last, last == "?" || last == "!" { base.removeLast() }
        if base.hasPrefix("[") && base.hasSuffix("]") {
            base = String(base.dropFirst().dropLast())
            while let last = base.last, last == "?" || last == "!" { base.removeLast() }
            base = ManifestProgram.normalizedTypeName(base)
        }
        if base.hasPrefix("Array<") && base.hasSuffix(">") {
            base = ManifestProgram.normalizedTypeName(String(base.dropFirst(6).dropLast()))
        }
        switch base {
        case "SwiftSetting", "CSetting", "CXXSetting", "LinkerSetting", "SupportedPlatform", "SwiftVersion",
            "SwiftLanguageMode", "CLanguageStandard", "CXXLanguageStandard", "Trait", "Version",
            "Package.Dependency.Requirement", "SystemPackageProvider", "PluginPermission",
            "PluginCommandIntent":
            self = .inert
        case "Target":
            self = .target
        case "Product":
            self = .product
        default:
            self = .other
        }
    }

    /// The element labels of a tuple type written `(a: T, b: U)` (spaces already removed), or nil.
    static func tupleLabels(_ type: String) -> [String?]? {
        guard type.hasPrefix("("), type.hasSuffix(")"), type.contains(":") else { return nil }
        var labels: [String?] = []
        var depth = 0
        var element = ""
        for character in type.dropFirst().dropLast() {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                labels.append(label(of: element))
                element = ""
            } else {
                element.append(character)
            }
        }
        labels.append(label(of: element))
        return labels.count > 1 ? labels : nil
    }

    private static func label(of element: String) -> String? {
        guard let colon = element.firstIndex(of: ":") else { return nil }
        let name = String(element[..<colon])
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty ? name : nil
    }
}
