import Synchronization
import TestSelectManifest

// testselect depends on nothing, so it keeps its own copy of CLIKit's declarations
// (packages/cli-kit/Sources/CLIKit/Declarations/): the same shape and rules, one declaration per
// option carrying name, help, accepted values and default. Change both.

/// How one option, flag or positional argument is written, and its line of help: what a command's
/// ``Option``, ``Flag`` and ``Positional`` properties declare.
public struct ArgumentDeclaration: Sendable, Equatable {
    /// How the argument is written.
    public enum Kind: Sendable, Equatable {
        /// `--flag`.
        case flag
        /// `--option VALUE` or `--option=VALUE`.
        case option(valueName: String)
        /// A bare word.
        case positional(valueName: String)
    }

    /// Names (`--format`, `-h`); the first is the canonical one. Empty for a positional.
    public var names: [String]
    /// The kind.
    public var kind: Kind
    /// One line of help.
    public var help: String
    /// The value used when the option is not given, as help prints it; `nil` when there is none.
    public var defaultValue: String?

    /// A declaration.
    public init(names: [String], kind: Kind, help: String, defaultValue: String? = nil) {
        self.names = names
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
    }

    /// Whether it is a positional argument.
    public var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// The canonical name (`--format`), or the value name for a positional.
    public var name: String {
        if case .positional(let valueName) = kind { return valueName }
        return names.first ?? ""
    }

    /// The help with the default appended (`... (default: 600).`).
    public var helpWithDefault: String {
        guard let defaultValue, !defaultValue.isEmpty else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return "\(sentence) (default: \(defaultValue))."
    }

    /// `changedFiles` (or the wrapper's `_changedFiles`) as `changed-files`.
    static func kebabCase(_ label: String) -> String {
        var words = ""
        for character in label.drop(while: { $0 == "_" }) {
            if character.isUppercase, !words.isEmpty { words.append("-") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }
}

/// A value an option or positional converts its text to. `String`, `Int` and `Double` conform; an
/// enum of `String` raw values that is `CaseIterable` conforms with an empty extension.
public protocol ExpressibleByArgument: Sendable {
    /// The value of `argument`, or `nil` when it is not acceptable.
    init?(argument: String)
    /// What a valid value looks like, completing "expected ...".
    static var expectedArgument: String { get }
    /// The value as written on a command line, for a default printed in help.
    var argumentDescription: String { get }
}

extension ExpressibleByArgument {
    public var argumentDescription: String { "\(self)" }
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
    public static var expectedArgument: String { "a value" }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var expectedArgument: String { "an integer" }
}

extension Double: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var expectedArgument: String { "a number" }
    public var argumentDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}

extension ExpressibleByArgument where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var expectedArgument: String { allCases.map(\.rawValue).joined(separator: ", ") }
    public var argumentDescription: String { rawValue }
}

/// Where a declared argument's value lives once parsed: a reference, so that the copy of a command
/// the parser reflects over and the one that runs share their values.
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

/// A declared argument, as the parser sees it.
protocol DeclaredArgument: Sendable {
    func declaration(label: String) -> ArgumentDeclaration
    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError)
}

/// A group of declared arguments several commands share (`--repo`, `--base`, ...), held by a
/// command as a stored property: its arguments are the command's, where the group stands.
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
        for spelling in found.flatMap({ $0.declaration.names }) {
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

/// A flag: present or not (`--dry-run`); named after the property unless spellings are given.
@propertyWrapper
public struct Flag: Sendable, DeclaredArgument {
    private let names: [String]
    private let help: String
    private let storage = ArgumentStorage<Bool>(false)

    /// A flag, off unless given.
    public init(_ names: String..., help: String) {
        self.names = names
        self.help = help
    }

    /// Whether the flag was given.
    public var wrappedValue: Bool {
        get { storage.get("a flag") }
        nonmutating set { storage.set(newValue) }
    }

    func declaration(label: String) -> ArgumentDeclaration {
        ArgumentDeclaration(
            names: names.isEmpty ? ["--" + ArgumentDeclaration.kebabCase(label)] : names, kind: .flag,
            help: help)
    }

    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError) {
        storage.set(parsed.flags.contains(declaration.name))
    }
}

/// An option taking a value, declared once as a property: name (the property's, in kebab case,
/// unless given), help, accepted values and default (the initial value, printed in help). Without
/// an initial value it is required, unless its type is optional.
@propertyWrapper
public struct Option<Value: Sendable>: Sendable, DeclaredArgument {
    private let name: String?
    private let valueName: String?
    private let help: String
    private let expected: String
    private let convert: @Sendable (String) -> Value?
    private let isRequired: Bool
    private let defaultValue: String?
    private let storage: ArgumentStorage<Value>

    /// The designated initializer: `initial` is the value when the option is not given (`nil`:
    /// required).
    public init(
        initial: Value?, _ name: String?, value valueName: String?, help: String, defaultValue: String?,
        expected: String, convert: @escaping @Sendable (String) -> Value?
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.expected = expected
        self.convert = convert
        self.isRequired = initial == nil
        self.defaultValue = defaultValue
        self.storage = ArgumentStorage(initial)
    }

    /// The value given, or the default.
    public var wrappedValue: Value {
        get { storage.get("option '\(name ?? "?")'") }
        nonmutating set { storage.set(newValue) }
    }

    func declaration(label: String) -> ArgumentDeclaration {
        let derived = ArgumentDeclaration.kebabCase(label)
        return ArgumentDeclaration(
            names: [name ?? "--" + derived], kind: .option(valueName: valueName ?? derived), help: help,
            defaultValue: defaultValue)
    }

    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError) {
        guard let text = parsed.options[declaration.name] else {
            if isRequired { throw .missingOption(declaration.name, command: parsed.command) }
            return
        }
        guard let value = convert(text) else {
            throw .invalidValue(option: declaration.name, value: text, expected: expected)
        }
        storage.set(value)
    }
}

extension Option where Value: ExpressibleByArgument {
    /// An option with a default (the initial value).
    public init(wrappedValue: Value, _ name: String? = nil, value valueName: String? = nil, help: String) {
        self.init(
            initial: wrappedValue, name, value: valueName, help: help,
            defaultValue: wrappedValue.argumentDescription, expected: Value.expectedArgument,
            convert: Value.init(argument:))
    }
}

extension Option where Value: ExpressibleByArgument & Comparable {
    /// An option with a default, accepting values in `range`.
    public init(
        wrappedValue: Value, _ name: String? = nil, value valueName: String? = nil,
        in range: ClosedRange<Value>,
        help: String
    ) {
        self.init(
            initial: wrappedValue, name, value: valueName, help: help,
            defaultValue: wrappedValue.argumentDescription,
            expected: Self.expected(range.lowerBound, range.upperBound),
            convert: Self.converter(range.lowerBound, range.upperBound))
    }

    static func expected(_ lower: Value, _ upper: Value?) -> String {
        let to = upper.map { " to \($0.argumentDescription)" } ?? " or more"
        return "\(Value.expectedArgument) from \(lower.argumentDescription)\(to)"
    }

    static func converter(_ lower: Value, _ upper: Value?) -> @Sendable (String) -> Value? {
        { text in
            guard let value = Value(argument: text), value >= lower, upper.map({ value <= $0 }) ?? true else {
                return nil
            }
            return value
        }
    }
}

// The optional forms' conversions return `Wrapped??`: `.map(Optional.some)` keeps a refused text
// `nil` rather than letting it widen to `.some(nil)`, an accepted "not given".
extension Option {
    /// An optional option: `nil` when not given.
    public init<Wrapped: ExpressibleByArgument>(
        _ name: String? = nil, value valueName: String? = nil, help: String
    )
    where Value == Wrapped? {
        self.init(
            initial: .some(nil), name, value: valueName, help: help, defaultValue: nil,
            expected: Wrapped.expectedArgument, convert: { Wrapped(argument: $0).map(Optional.some) })
    }

    /// An optional option accepting values from `range`'s lower bound: `nil` when not given.
    public init<Wrapped: ExpressibleByArgument & Comparable>(
        _ name: String? = nil, value valueName: String? = nil, in range: PartialRangeFrom<Wrapped>,
        help: String
    ) where Value == Wrapped? {
        let convert = Option<Wrapped>.converter(range.lowerBound, nil)
        self.init(
            initial: .some(nil), name, value: valueName, help: help, defaultValue: nil,
            expected: Option<Wrapped>.expected(range.lowerBound, nil),
            convert: { convert($0).map(Optional.some) })
    }

    /// An option with a default and a conversion of its own (`nil` from `convert`: not acceptable).
    public init(
        wrappedValue: Value, _ name: String? = nil, value valueName: String? = nil, help: String,
        expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        self.init(
            initial: wrappedValue, name, value: valueName, help: help,
            defaultValue: (wrappedValue as? any ExpressibleByArgument)?.argumentDescription
                ?? "\(wrappedValue)",
            expected: expected, convert: convert)
    }

    /// An optional option with a conversion of its own: `nil` when not given.
    public init<Wrapped: Sendable>(
        _ name: String? = nil, value valueName: String? = nil, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Wrapped?
    ) where Value == Wrapped? {
        self.init(
            initial: .some(nil), name, value: valueName, help: help, defaultValue: nil, expected: expected,
            convert: { convert($0).map(Optional.some) })
    }
}

/// A positional argument: a bare word, in declaration order; required unless its type is optional.
@propertyWrapper
public struct Positional<Value: Sendable>: Sendable, DeclaredArgument {
    private let valueName: String?
    private let help: String
    private let expected: String
    private let convert: @Sendable (String) -> Value?
    private let isOptional: Bool
    private let storage: ArgumentStorage<Value>

    init(
        initial: Value?, valueName: String?, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        self.valueName = valueName
        self.help = help
        self.expected = expected
        self.convert = convert
        self.isOptional = initial != nil
        self.storage = ArgumentStorage(initial)
    }

    /// The word given.
    public var wrappedValue: Value {
        get { storage.get("argument <\(valueName ?? "?")>") }
        nonmutating set { storage.set(newValue) }
    }

    func declaration(label: String) -> ArgumentDeclaration {
        ArgumentDeclaration(
            names: [], kind: .positional(valueName: valueName ?? ArgumentDeclaration.kebabCase(label)),
            help: help)
    }

    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError) {
        guard let text = parsed.positionals[declaration.name] else {
            if !isOptional { throw .missingArgument("<\(declaration.name)>") }
            return
        }
        guard let value = convert(text) else {
            throw .invalidValue(option: "<\(declaration.name)>", value: text, expected: expected)
        }
        storage.set(value)
    }
}

extension Positional where Value: ExpressibleByArgument {
    /// A required positional.
    public init(_ valueName: String? = nil, help: String) {
        self.init(
            initial: nil, valueName: valueName, help: help, expected: Value.expectedArgument,
            convert: Value.init(argument:))
    }
}

extension Positional {
    /// An optional positional: `nil` when not given.
    public init<Wrapped: ExpressibleByArgument>(_ valueName: String? = nil, help: String)
    where Value == Wrapped? {
        self.init(
            initial: .some(nil), valueName: valueName, help: help, expected: Wrapped.expectedArgument,
            convert: { Wrapped(argument: $0).map(Optional.some) })
    }
}
