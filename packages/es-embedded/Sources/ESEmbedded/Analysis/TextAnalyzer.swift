/// Splits text into the tokens a `text` field indexes and a `match` query searches.
///
/// The built-in analyzers we honour: `standard` (the default: Unicode word boundaries, lower
/// case, tokens of at most 255 characters), `simple` (runs of letters, lower case), `whitespace`
/// (split on whitespace, case kept) and `keyword` (the whole value as one token). Any other
/// analyzer name (a language analyzer, a custom one from the index settings) is analysed as
/// `standard`; the README lists this as a known difference.
enum TextAnalyzer: Sendable, Equatable {
    case standard
    case simple
    case whitespace
    case keyword

    /// The analyzer for a mapping's `analyzer` (or `search_analyzer`) name.
    init(name: String?) {
        switch name {
        case "simple": self = .simple
        case "whitespace": self = .whitespace
        case "keyword": self = .keyword
        default: self = .standard
        }
    }

    /// The tokens of `text`, in order.
    func tokens(_ text: String) -> [String] {
        switch self {
        case .standard: StandardTokenizer.tokens(text)
        case .simple: Self.letterRuns(text)
        case .whitespace: text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        case .keyword: [text]
        }
    }

    private static func letterRuns(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                tokens.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current.lowercased()) }
        return tokens
    }
}
