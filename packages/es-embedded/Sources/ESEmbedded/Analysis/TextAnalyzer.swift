/// Splits text into the tokens a `text` field indexes and a `match` query searches: character
/// filters, then a tokenizer, then token filters, as an Elasticsearch analyzer.
///
/// The built-in analyzers: `standard` (the default: Unicode word boundaries, lower case, tokens
/// of at most 255 characters), `simple` (runs of letters, lower case), `whitespace` (split on
/// whitespace, case kept), `keyword` (the whole value as one token) and `stop` (`simple` without
/// English stop words). Custom analyzers come from the index's `analysis` settings
/// (``AnalysisRegistry``). Elasticsearch's language analyzers (`english`, `french`, ...) are
/// analysed as `standard`; the README lists this as a known difference.
struct TextAnalyzer: Sendable, Equatable {
    /// The analyzer's name (`standard`, or the custom analyzer's).
    var name: String
    var charFilters: [CharFilter] = []
    var tokenizer: Tokenizer
    var filters: [TokenFilter] = []
    /// Whether it was defined in the index's settings (`_analyze`'s explanation says so).
    var isCustom = false

    static let standard = TextAnalyzer(
        name: "standard", tokenizer: .standard(maxTokenLength: StandardTokenizer.maxTokenLength),
        filters: [.lowercase])
    static let simple = TextAnalyzer(name: "simple", tokenizer: .lowercase)
    static let whitespace = TextAnalyzer(name: "whitespace", tokenizer: .whitespace(maxTokenLength: 255))
    static let keyword = TextAnalyzer(name: "keyword", tokenizer: .keyword)
    static let stop = TextAnalyzer(
        name: "stop", tokenizer: .lowercase,
        filters: [.stop(words: TokenFilter.englishStopWords, ignoreCase: false)])

    /// The built-in analyzers by name.
    static let builtIn: [String: TextAnalyzer] = [
        "standard": .standard, "simple": .simple, "whitespace": .whitespace, "keyword": .keyword,
        "stop": .stop,
        "pattern": TextAnalyzer(
            name: "pattern", tokenizer: .pattern("\\W+", group: -1), filters: [.lowercase]),
    ]

    /// Elasticsearch's language analyzers, accepted and analysed as `standard`.
    static let languageAnalyzers: Set<String> = [
        "arabic", "armenian", "basque", "bengali", "brazilian", "bulgarian", "catalan", "cjk", "czech",
        "danish",
        "dutch", "english", "estonian", "finnish", "french", "galician", "german", "greek", "hindi",
        "hungarian",
        "indonesian", "irish", "italian", "latvian", "lithuanian", "norwegian", "persian", "portuguese",
        "romanian", "russian", "serbian", "sorani", "spanish", "swedish", "turkish", "thai", "fingerprint",
    ]

    /// A built-in analyzer by name, `standard` for any other name (mappings are checked against
    /// the index's analyzers when they are put, ``AnalysisRegistry/check(_:)``).
    init(name: String?) {
        self = name.flatMap { Self.builtIn[$0] } ?? .standard
    }

    init(
        name: String, charFilters: [CharFilter] = [], tokenizer: Tokenizer, filters: [TokenFilter] = [],
        isCustom: Bool = false
    ) {
        self.name = name
        self.charFilters = charFilters
        self.tokenizer = tokenizer
        self.filters = filters
        self.isCustom = isCustom
    }

    /// Whether this is the standard analyzer, whose terms have a fast path.
    private var isPlainStandard: Bool {
        // No array literal: this runs for every value a text field indexes.
        charFilters.isEmpty && filters.count == 1 && filters[0] == .lowercase
            && tokenizer == .standard(maxTokenLength: StandardTokenizer.maxTokenLength)
    }

    /// The terms of `text`, in order.
    func tokens(_ text: String) -> [String] {
        if isPlainStandard { return StandardTokenizer.tokens(text) }
        if charFilters.isEmpty && filters.isEmpty {
            switch tokenizer {
            case .keyword: return [text]
            default: break
            }
        }
        return ((try? analyze(text)) ?? []).map(\.term)
    }

    /// The tokens of `text` with offsets into it, types and positions.
    ///
    /// - Throws: `illegal_argument_exception` for a `pattern_replace` pattern that does not compile.
    func analyze(_ text: String) throws -> [AnalyzedToken] {
        try explain(text).tokens
    }

    /// Every stage of the analysis of `text`: the text after each character filter, the tokens
    /// after the tokenizer and after each token filter.
    func explain(_ text: String) throws -> Explanation {
        var filtered = text
        var offsets = Array(0...text.utf16.count)
        var texts: [(String, String)] = []
        for filter in charFilters {
            let (next, map) = try filter.apply(filtered)
            // Compose: an offset into the new text maps to one into the previous text, which maps
            // to one into the original.
            offsets = map.map { offsets[min($0, offsets.count - 1)] }
            filtered = next
            texts.append((filter.name, next))
        }
        var tokens = tokenizer.tokenize(filtered).map { token in
            var token = token
            token.start = offsets[min(token.start, offsets.count - 1)]
            token.end = offsets[min(token.end, offsets.count - 1)]
            return token
        }
        let tokenized = tokens
        var stages: [(String, [AnalyzedToken])] = []
        for filter in filters {
            tokens = filter.apply(tokens)
            stages.append((filter.name, tokens))
        }
        return Explanation(
            charFilters: texts, tokenizer: (tokenizer.name, tokenized), filters: stages, tokens: tokens)
    }

    /// The stages of one analysis.
    struct Explanation {
        var charFilters: [(name: String, text: String)]
        var tokenizer: (name: String, tokens: [AnalyzedToken])
        var filters: [(name: String, tokens: [AnalyzedToken])]
        /// The final tokens.
        var tokens: [AnalyzedToken]
    }
}
