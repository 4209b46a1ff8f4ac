/// A positional argument: a bare word, taken in the order the command declares them. Required
/// unless its type is optional; its value name is the property's, in kebab case, unless given.
///
/// ```swift
/// @Positional("package:target", help: "The suite to explain.") var suite: String
/// @Positional(help: "What to print.") var text: String?
/// ```
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
            names: [],
            kind: .positional(
                valueName: valueName ?? ArgumentDeclaration.kebabCase(label), isOptional: isOptional),
            help: help)
    }

    func assign(from parsed: ParsedArguments, as declaration: ArgumentDeclaration) throws(UsageError) {
        guard let text = parsed.positionals[declaration.name] else {
            if !isOptional { throw .missingArgument("<\(declaration.name)>", command: parsed.command) }
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

    /// A required positional with a conversion of its own.
    public init(
        _ valueName: String? = nil, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        self.init(initial: nil, valueName: valueName, help: help, expected: expected, convert: convert)
    }
}
