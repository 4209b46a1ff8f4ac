/// The words of a command line sorted into flags, option values and positionals, read back
/// through the command's typed declarations.
public struct ParsedArguments: Sendable {
    /// The full command name, for messages (`cms-indexer index`).
    public let command: String
    var flags: Set<String> = []
    var options: [String: String] = [:]
    var positionals: [String: String] = [:]

    /// Arguments with nothing given (for commands built in tests).
    public init(command: String) {
        self.command = command
    }

    /// Whether a flag was given.
    public func contains(_ flag: Flag) -> Bool {
        flags.contains(flag.declaration.name)
    }

    /// The text given for an option, unconverted.
    public func text<Value>(_ option: Option<Value>) -> String? {
        options[option.declaration.name]
    }

    /// The value of an option, or `nil` when it was not given.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when the text does not convert.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = options[option.declaration.name] else { return nil }
        guard let value = option.convert(text) else {
            throw .invalidValue(option: option.declaration.name, value: text, expected: option.expected)
        }
        return value
    }

    /// The value of an option, or `fallback` when it was not given.
    public func value<Value>(_ option: Option<Value>, default fallback: Value) throws(UsageError) -> Value {
        try value(option) ?? fallback
    }

    /// The value of an option the command cannot run without.
    ///
    /// - Throws: ``UsageError/missingOption(_:command:)`` when it was not given.
    public func required<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard let value = try value(option) else {
            throw .missingOption(option.declaration.name, command: command)
        }
        return value
    }

    /// The value of a positional argument, or `nil` when it was not given.
    public func value<Value>(_ positional: Positional<Value>) throws(UsageError) -> Value? {
        let name = positional.declaration.name
        guard let text = positionals[name] else { return nil }
        guard let value = positional.convert(text) else {
            throw .invalidValue(option: "<\(name)>", value: text, expected: positional.expected)
        }
        return value
    }

    /// The value of a positional argument the command cannot run without.
    ///
    /// - Throws: ``UsageError/missingArgument(_:command:)`` when it was not given.
    public func required<Value>(_ positional: Positional<Value>) throws(UsageError) -> Value {
        guard let value = try value(positional) else {
            throw .missingArgument("<\(positional.declaration.name)>", command: command)
        }
        return value
    }
}
