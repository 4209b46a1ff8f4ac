import TestSelectKit

/// A walk over a `testselect-bench` subcommand's arguments: the word at hand, and the values
/// its options take, each checked once here with the same message.
struct ArgumentCursor {
    let arguments: [String]
    private(set) var index = 0

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The word at hand, or nil past the last.
    var current: String? { index < arguments.count ? arguments[index] : nil }

    /// Moves to the next word.
    mutating func advance() { index += 1 }

    /// The value of option `name`: the next word.
    mutating func value(_ name: String) throws(UsageError) -> String {
        guard index + 1 < arguments.count else { throw .missingValue(name) }
        index += 1
        return arguments[index]
    }

    /// The value of option `name` as a whole number of at least 1; `unit` names what it counts
    /// ("seconds") where the option's name does not say.
    mutating func count(_ name: String, of unit: String? = nil) throws(UsageError) -> Int {
        let text = try value(name)
        guard let number = Int(text), number >= 1 else {
            let expected =
                unit.map { "a whole number of \($0), at least 1" } ?? "a whole number of at least 1"
            throw .invalidValue(option: name, value: text, expected: expected)
        }
        return number
    }
}
