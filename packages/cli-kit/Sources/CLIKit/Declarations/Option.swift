/// An option taking a value (`--port 8080`, `--port=8080`), declared once as a property: its name
/// (the property's, in kebab case, unless given), help, accepted values and default (the initial
/// value, printed in help). Without an initial value the option is required, unless its type is
/// optional.
///
/// ```swift
/// @Option(value: "n", in: 1...100_000, help: "Documents per bulk request.") var batchSize = 500
/// @Option(help: "The cluster's URL.") var es: String?
/// @Option("--db", value: "path|url", help: "The CMS database.") var database: String
/// ```
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
    /// the option is required).
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

    /// A required option.
    public init(_ name: String? = nil, value valueName: String? = nil, help: String) {
        self.init(
            initial: nil, name, value: valueName, help: help, defaultValue: nil,
            expected: Value.expectedArgument,
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

    /// An option with a default, accepting values from `range`'s lower bound.
    public init(
        wrappedValue: Value, _ name: String? = nil, value valueName: String? = nil,
        in range: PartialRangeFrom<Value>,
        help: String
    ) {
        self.init(
            initial: wrappedValue, name, value: valueName, help: help,
            defaultValue: wrappedValue.argumentDescription, expected: Self.expected(range.lowerBound, nil),
            convert: Self.converter(range.lowerBound, nil))
    }

    /// A required option accepting values in `range`.
    public init(
        _ name: String? = nil, value valueName: String? = nil, in range: ClosedRange<Value>, help: String
    ) {
        self.init(
            initial: nil, name, value: valueName, help: help, defaultValue: nil,
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

    /// An optional option accepting values in `range`: `nil` when not given.
    public init<Wrapped: ExpressibleByArgument & Comparable>(
        _ name: String? = nil, value valueName: String? = nil, in range: ClosedRange<Wrapped>, help: String
    ) where Value == Wrapped? {
        let convert = Option<Wrapped>.converter(range.lowerBound, range.upperBound)
        self.init(
            initial: .some(nil), name, value: valueName, help: help, defaultValue: nil,
            expected: Option<Wrapped>.expected(range.lowerBound, range.upperBound),
            convert: { convert($0).map(Optional.some) })
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
        defaultValue: String? = nil, expected: String, convert: @escaping @Sendable (String) -> Value?
    ) {
        self.init(
            initial: wrappedValue, name, value: valueName, help: help,
            defaultValue: defaultValue
                ?? (wrappedValue as? any ExpressibleByArgument)?.argumentDescription ?? "\(wrappedValue)",
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
