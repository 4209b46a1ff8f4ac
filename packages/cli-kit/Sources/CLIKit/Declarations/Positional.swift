/// A positional argument: a bare word, taken in the order the command declares them.
///
/// ```swift
/// static let suite = Positional<String>("package:target", help: "The suite to explain.")
/// let suite = try arguments.required(Self.suite)
/// ```
public struct Positional<Value: Sendable>: ArgumentDeclaring {
    public let declaration: ArgumentDeclaration
    /// What a valid value looks like, for messages.
    public let expected: String
    private let convert: @Sendable (String) -> Value?

    /// A positional with a conversion from its text; `nil` from `convert` is an invalid value.
    public init(
        _ valueName: String, isOptional: Bool = false, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        declaration = ArgumentDeclaration(
            names: [], kind: .positional(valueName: valueName, isOptional: isOptional), help: help)
        self.expected = expected
        self.convert = convert
    }

    /// The value of `text`, or `nil` when it is not acceptable.
    public func convert(_ text: String) -> Value? { convert(text) }
}

extension Positional where Value == String {
    /// A positional whose value is any text.
    public init(_ valueName: String, isOptional: Bool = false, help: String) {
        self.init(valueName, isOptional: isOptional, help: help, expected: "a value") { $0 }
    }
}
