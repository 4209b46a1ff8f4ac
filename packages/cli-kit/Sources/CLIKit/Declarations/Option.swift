/// An option taking a value (`--port 8080`, `--port=8080`), converted to `Value` when read.
///
/// ```swift
/// static let port = Option<Int>("--port", value: "port", in: 0...65_535, help: "The TCP port.")
/// let port = try arguments.value(Self.port, default: 8080)
/// ```
public struct Option<Value: Sendable>: ArgumentDeclaring {
    public let declaration: ArgumentDeclaration
    /// What a valid value looks like, for messages (`an integer from 0 to 65535`).
    public let expected: String
    private let convert: @Sendable (String) -> Value?

    /// An option with a conversion from its text; `nil` from `convert` is an invalid value.
    ///
    /// - Parameters:
    ///   - name: the spelling with dashes (`--port`).
    ///   - valueName: the placeholder in help (`port` prints as `--port <port>`).
    ///   - help: one line of help.
    ///   - expected: what a valid value looks like, completing "expected ..." in an error.
    ///   - convert: the text to a value, or `nil` when it is not acceptable.
    public init(
        _ name: String, value valueName: String, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        declaration = ArgumentDeclaration(names: [name], kind: .option(valueName: valueName), help: help)
        self.expected = expected
        self.convert = convert
    }

    /// The value of `text`, or `nil` when it is not acceptable.
    public func convert(_ text: String) -> Value? { convert(text) }
}

extension Option where Value == String {
    /// An option whose value is any text.
    public init(_ name: String, value valueName: String, help: String) {
        self.init(name, value: valueName, help: help, expected: "a value") { $0 }
    }
}

extension Option where Value == Int {
    /// An integer option within `range`.
    public init(_ name: String, value valueName: String, in range: ClosedRange<Int>, help: String) {
        let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
        self.init(
            name, value: valueName, help: help, expected: "an integer from \(range.lowerBound)\(upper)"
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option whose value is one of the raw values of `Value` (`--format text|github`).
    public init(_ name: String, value valueName: String, help: String) {
        let choices = Value.allCases.map(\.rawValue)
        self.init(name, value: valueName, help: help, expected: NearMatch.list(choices)) {
            Value(rawValue: $0)
        }
    }
}
