import Synchronization

/// Where a declared argument's value lives once parsed. A reference, so that the copy of a
/// command the parser reflects over and the one that runs share their values.
final class ArgumentStorage<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ initial: Value?) {
        value = Mutex(initial)
    }

    func get(_ what: @autoclosure () -> String) -> Value {
        guard let current = value.withLock({ $0 }) else {
            preconditionFailure("\(what()) was read before the command line was parsed")
        }
        return current
    }

    func set(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }
}

/// A declared argument, as the parser sees it: its declaration (names derived from the property's
/// label where none is given) and how it takes its value from the parsed words.
protocol DeclaredArgument: Sendable {
    func declaration(label: String) -> ArgumentDeclaration
    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError)
}

/// A group of declared arguments several commands share (`--es` and `--data`), held by a command
/// as a stored property: its ``Option``, ``Flag`` and ``Positional`` properties are the command's,
/// in the place the group stands.
///
/// ```swift
/// struct BackendOptions: ArgumentGroup {
///     @Option(help: "The cluster's URL.") var es: String?
///     @Option(help: "The engine's directory.") var data: String?
/// }
/// struct Index: Command {
///     var backend = BackendOptions()
///     ...
/// }
/// ```
public protocol ArgumentGroup: Sendable {}

/// Finds a command's declared arguments by reflection, in the order they are declared.
enum ArgumentDiscovery {
    struct Found {
        var declaration: ArgumentDeclaration
        var argument: any DeclaredArgument
    }

    static func arguments(of value: Any) -> [Found] {
        var found: [Found] = []
        collect(value, into: &found)
        var seen: Set<String> = []
        for spelling in found.flatMap({ $0.declaration.isPositional ? [] : $0.declaration.names }) {
            precondition(
                seen.insert(spelling).inserted, "'\(spelling)' is declared twice in \(type(of: value))")
        }
        return found
    }

    private static func collect(_ value: Any, into found: inout [Found]) {
        for child in Mirror(reflecting: value).children {
            if let argument = child.value as? any DeclaredArgument {
                found.append(
                    Found(declaration: argument.declaration(label: child.label ?? ""), argument: argument))
            } else if child.value is any ArgumentGroup {
                collect(child.value, into: &found)
            }
        }
    }
}
