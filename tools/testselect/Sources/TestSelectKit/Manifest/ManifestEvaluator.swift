/// Runs a parsed manifest symbolically: top-level constants, `+`, `append`/`+=`, mutations of
/// `package.targets`/`products`/`dependencies` after `Package(...)`, `#if` (as the union of all
/// branches) and simple `for` loops. Whatever it cannot run it either proves harmless (it cannot
/// change targets, products or dependencies) or records as a problem, so the reader never guesses.
struct ManifestEvaluator {
    /// The values of top-level variables.
    var variables: [String: ManifestValue] = [:]
    /// Functions and types declared in the manifest: calling them is never evaluated.
    var declaredNames: Set<String> = []
    /// Names declared inside `extension`s (e.g. `static let myDependency`), which shadow factories.
    var extensionMembers: Set<String> = []
    /// Statements that could change the package and could not be evaluated, in order.
    var problems: [UnknownValue] = []

    /// Types of the PackageDescription API: `Target.target(...)` is the same as `.target(...)`.
    static let packageDescriptionTypes: Set<String> = [
        "Package", "Target", "Product", "Resource", "Dependency", "PluginUsage", "PluginCapability",
        "TargetDependencyCondition", "Platform", "SupportedPlatform", "SwiftSetting", "CSetting",
        "CXXSetting", "LinkerSetting", "BuildConfiguration", "BuildSettingCondition", "SwiftVersion",
        "SwiftLanguageMode", "CLanguageStandard", "CXXLanguageStandard", "SystemPackageProvider",
        "PluginCommandIntent", "PluginPermission", "PluginNetworkPermissionScope", "Trait", "Version",
        "LanguageTag", "Library", "Executable", "Plugin", "Requirement", "ModuleAlias",
        "PackageDescription", "TargetPluginUsage",
    ]

    /// Package properties that do not describe targets, products or dependencies.
    static let irrelevantPackageFields: Set<String> = [
        "platforms", "swiftLanguageVersions", "swiftLanguageModes", "cLanguageStandard",
        "cxxLanguageStandard",
        "defaultLocalization", "pkgConfig", "providers", "traits",
    ]

    /// Target properties that a manifest may change freely (build settings).
    static let settingsFields: Set<String> = [
        "swiftSettings", "cSettings", "cxxSettings", "linkerSettings", "publicHeadersPath", "packageAccess",
    ]

    /// Package fields the graph is built from.
    static let packageFields: Set<String> = ["name", "products", "dependencies", "targets"]

    /// Runs top-level statements.
    mutating func run(_ statements: [Statement]) {
        for statement in statements { execute(statement) }
    }

    mutating func execute(_ statement: Statement) {
        switch statement {
        case .importDeclaration:
            return
        case .variable(let declaration):
            if declaration.isComputed {
                variables[declaration.name] = .unknown(
                    UnknownValue(
                        reason: "'\(declaration.name)' is a computed property", line: declaration.line))
            } else if let value = declaration.value {
                variables[declaration.name] = evaluate(value)
            } else {
                variables[declaration.name] = .unknown(
                    UnknownValue(
                        reason: "'\(declaration.name)' is declared without a value", line: declaration.line))
            }
        case .assignment(let target, let op, let value, let line):
            assign(target, op: op, value: value, line: line)
        case .expression(let expression, let line):
            executeExpression(expression, line: line)
        case .conditionalCompilation(let branches, let line):
            executeUnion(of: branches, line: line)
        case .forLoop(let loop):
            executeLoop(loop)
        case .ifStatement(let statement):
            guard let written = effects(of: .ifStatement(statement)) else {
                problem(
                    "an 'if' statement whose outcome depends on the build environment changes the package",
                    statement.line)
                return
            }
            absorb(written, what: "an 'if' statement", line: statement.line)
        case .declaration(let declaration):
            if declaration.kind == "extension" {
                extensionMembers.formUnion(declaration.memberNames)
            } else if !declaration.name.isEmpty {
                declaredNames.insert(declaration.name)
                variables[declaration.name] = nil
            }
        case .unsupported(let description, let line):
            problem("\(description) is not evaluated", line)
        }
    }

    mutating func problem(_ reason: String, _ line: Int) {
        problems.append(UnknownValue(reason: reason, line: line))
    }

    /// `#if`: every branch runs from the same state, and the results are merged (union).
    mutating func executeUnion(of branches: [[Statement]], line: Int) {
        var results: [ManifestEvaluator] = []
        let start = self
        for branch in branches {
            var copy = start
            copy.run(branch)
            results.append(copy)
        }
        if branches.count == 1 { results.append(start) }
        var merged = start
        var names: [String] = []
        var seen: Set<String> = []
        for result in results {
            for name in result.variables.keys.sorted() where seen.insert(name).inserted { names.append(name) }
            merged.declaredNames.formUnion(result.declaredNames)
            merged.extensionMembers.formUnion(result.extensionMembers)
            for problem in result.problems where !merged.problems.contains(problem) {
                merged.problems.append(problem)
            }
        }
        for name in names {
            let values = results.compactMap { $0.variables[name] }
            var value = values[0]
            for other in values.dropFirst() {
                value = ManifestEvaluator.union(value, other, name: name, line: line)
            }
            merged.variables[name] = value
        }
        self = merged
    }

    static func uniquelyLabelled(_ arguments: [ManifestArgument]) -> Bool {
        let labels = arguments.compactMap(\.label)
        return labels.count == arguments.count && Set(labels).count == labels.count
    }

    /// The union of two values of one variable in different `#if` branches.
    static func union(_ first: ManifestValue, _ second: ManifestValue, name: String, line: Int)
        -> ManifestValue
    {
        if first == second { return first }
        switch (first, second) {
        case (.array(let a), .array(let b)):
            var seen = Set(a)
            return .array(a + b.filter { seen.insert($0).inserted })
        case (.call(let calleeA, let argumentsA), .call(let calleeB, let argumentsB))
        where calleeA == calleeB && argumentsA.map(\.label) == argumentsB.map(\.label):
            let arguments = zip(argumentsA, argumentsB).map { a, b in
                ManifestArgument(label: a.label, value: union(a.value, b.value, name: name, line: line))
            }
            return .call(calleeA, arguments)
        case (.call(let calleeA, let argumentsA), .call(let calleeB, let argumentsB))
        where calleeA == calleeB && uniquelyLabelled(argumentsA) && uniquelyLabelled(argumentsB):
            // The same call with different labelled arguments in each branch: merge them by label.
            var arguments = argumentsA
            for argument in argumentsB {
                if let index = arguments.firstIndex(where: { $0.label == argument.label }) {
                    arguments[index].value = union(
                        arguments[index].value, argument.value, name: name, line: line)
                } else {
                    arguments.append(argument)
                }
            }
            return .call(calleeA, arguments)
        case (.unknown, _):
            return first
        case (_, .unknown):
            return second
        default:
            return .unknown(
                UnknownValue(reason: "'\(name)' has different values in the branches of an '#if'", line: line)
            )
        }
    }
}
