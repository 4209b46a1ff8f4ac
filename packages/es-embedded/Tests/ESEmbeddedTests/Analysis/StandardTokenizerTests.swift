import Testing

@testable import ESEmbedded

/// Token boundaries of Lucene's standard tokenizer (Unicode word boundaries), lower-cased.
@Suite struct StandardTokenizerTests {
    @Test(arguments: [
        ("The Quick BROWN fox", ["the", "quick", "brown", "fox"]),
        ("don't stop", ["don't", "stop"]),
        ("l'été à Paris", ["l'été", "à", "paris"]),
        ("wi-fi 3.14 1,000 U.S.A.", ["wi", "fi", "3.14", "1,000", "u.s.a"]),
        ("foo_bar abc123 x", ["foo_bar", "abc123", "x"]),
        ("Final: Heat vs. Celtics!", ["final", "heat", "vs", "celtics"]),
        ("東京タワー", ["東", "京", "タワー"]),
        ("  ", []),
        ("mail@example.com", ["mail", "example.com"]),
    ])
    func splitsOnWordBoundaries(text: String, tokens: [String]) {
        #expect(TextAnalyzer.standard.tokens(text) == tokens)
    }

    @Test func otherBuiltInAnalyzers() {
        #expect(TextAnalyzer(name: "whitespace").tokens("Heat  Night") == ["Heat", "Night"])
        #expect(TextAnalyzer(name: "simple").tokens("Heat2Night it's") == ["heat", "night", "it", "s"])
        #expect(TextAnalyzer(name: "keyword").tokens("Heat Night") == ["Heat Night"])
        #expect(TextAnalyzer(name: "english") == .standard)
        let long = String(repeating: "a", count: 300)
        #expect(TextAnalyzer.standard.tokens(long).map(\.count) == [255, 45])
    }
}
