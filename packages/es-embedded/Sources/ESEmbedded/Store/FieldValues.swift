/// The indexed form of every value one document holds for one field. Single values have
/// their own cases: most fields hold one value, and they then cost no array.
enum FieldValues: Sendable, Equatable {
    /// One exact string (`keyword`).
    case keyword(String)
    /// Exact strings (`keyword`).
    case keywords([String])
    /// The tokens of every value, in order (`text`).
    case tokens([String])
    /// One encoded number: an integer, sortable double or epoch milliseconds.
    case point(Int64)
    /// Encoded numbers.
    case points([Int64])
    /// Booleans.
    case booleans([Bool])

    /// Whether there is nothing to index.
    var isEmpty: Bool {
        switch self {
        case .keyword, .point: false
        case .keywords(let values): values.isEmpty
        case .tokens: false  // a text value with no token still exists (`""`)
        case .points(let values): values.isEmpty
        case .booleans(let values): values.isEmpty
        }
    }

    /// The strings of a keyword value.
    var strings: [String] {
        switch self {
        case .keyword(let value): [value]
        case .keywords(let values), .tokens(let values): values
        default: []
        }
    }

    /// The numbers of a numeric value.
    var numbers: [Int64] {
        switch self {
        case .point(let value): [value]
        case .points(let values): values
        default: []
        }
    }

    /// These values followed by `other`'s, for a field given several times.
    func appending(_ other: FieldValues) -> FieldValues {
        switch (self, other) {
        case (.keyword, _), (.keywords, _): .keywords(strings + other.strings)
        case (.tokens(let a), .tokens(let b)): .tokens(a + b)
        case (.point, _), (.points, _): .points(numbers + other.numbers)
        case (.booleans(let a), .booleans(let b)): .booleans(a + b)
        default: self
        }
    }
}
