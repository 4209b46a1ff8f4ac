/// Picks the text to show from a map keyed by language code: the client's language, else
/// English, else (so that something shows) the first language in code order.
struct LocalizedText: Equatable {
    /// The text.
    var text: String
    /// The language it is in.
    var language: LanguageCode?

    /// The best text of `texts` for `language`; `nil` when the map is empty.
    static func pick(_ texts: [String: String], for language: LanguageCode) -> LocalizedText? {
        for code in [language.alpha2, LanguageCode.english.alpha2] {
            if let text = texts[code], !text.isEmpty {
                return LocalizedText(text: text, language: LanguageCode(stored: code))
            }
        }
        guard let code = texts.keys.sorted().first(where: { !(texts[$0] ?? "").isEmpty }),
            let text = texts[code]
        else {
            return nil
        }
        return LocalizedText(text: text, language: LanguageCode(stored: code))
    }
}
