import ESModels

/// A value a hit sorts by, comparable across indices.
enum SortValue: Sendable, Equatable {
    case missing
    case integer(Int64)
    case floating(Double)
    case text(String)

    /// Orders two present values: numbers numerically, strings by their UTF-8 bytes (as
    /// Lucene compares terms); -1, 0 or 1.
    static func compare(_ lhs: SortValue, _ rhs: SortValue) -> Int {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.floating(let a), .floating(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.integer(let a), .floating(let b)): return Double(a) < b ? -1 : (Double(a) > b ? 1 : 0)
        case (.floating(let a), .integer(let b)): return a < Double(b) ? -1 : (a > Double(b) ? 1 : 0)
        case (.text(let a), .text(let b)):
            if a == b { return 0 }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
        case (.missing, .missing): return 0
        case (.missing, _): return 1
        case (_, .missing): return -1
        case (.text, _): return 1
        case (_, .text): return -1
        }
    }
}
