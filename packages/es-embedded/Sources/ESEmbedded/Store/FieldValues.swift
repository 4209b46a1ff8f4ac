/// The indexed form of every value one document holds for one field.
enum FieldValues: Sendable, Equatable {
    /// Exact strings (`keyword`).
    case keywords([String])
    /// The tokens of every value, in order (`text`).
    case tokens([String])
    /// Encoded numbers: integers, sortable doubles or epoch milliseconds.
    case points([Int64])
    /// Booleans.
    case booleans([Bool])

    /// Whether there is nothing to index.
    var isEmpty: Bool {
        switch self {
        case .keywords(let values): values.isEmpty
        case .tokens: false  // a text value with no token still exists (`""`)
        case .points(let values): values.isEmpty
        case .booleans(let values): values.isEmpty
        }
    }

    /// These values followed by `other`'s (same case), for a field given several times.
    func appending(_ other: FieldValues) -> FieldValues {
        switch (self, other) {
        case (.keywords(let a), .keywords(let b)): .keywords(a + b)
        case (.tokens(let a), .tokens(let b)): .tokens(a + b)
        case (.points(let a), .points(let b)): .points(a + b)
        case (.booleans(let a), .booleans(let b)): .booleans(a + b)
        default: self
        }
    }
}
