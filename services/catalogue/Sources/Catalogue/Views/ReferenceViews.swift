import ESModels

/// The JSON of reference documents.
enum ReferenceView {
    /// `{"code": "KE", "name": "Kenya", "is_main": true}`.
    static func json(_ territory: Territory) -> JSONValue {
        [
            "code": .string(territory.code), "name": .string(territory.name),
            "is_main": .bool(territory.isMain),
        ]
    }

    /// `{"code": "eng", "iso_639_1": "en", "name": "English", "is_main": true}`; a language the
    /// API has no three-letter code for keeps its stored code.
    static func json(_ language: Language) -> JSONValue {
        [
            "code": .string(LanguageCode(stored: language.code)?.alpha3 ?? language.code),
            "iso_639_1": .string(language.code), "name": .string(language.name),
            "is_main": .bool(language.isMain),
        ]
    }

    /// `{"uuid", "slug", "title", "title_language", "parent_uuid"}`, the title localized.
    static func json(_ category: ESModels.Category, language: LanguageCode) -> JSONValue {
        var members: [String: JSONValue] = ["uuid": .string(category.uuid), "slug": .string(category.slug)]
        let title = LocalizedText.pick(category.titles, for: language)
        members["title"] = .string(title?.text ?? category.slug)
        members["title_language"] = title?.language.map { .string($0.alpha3) } ?? .null
        members["parent_uuid"] = category.parentUUID.map(JSONValue.string) ?? .null
        return .object(members)
    }

    /// `{"uuid", "system", "code", "minimum_age", "is_main", "territories"}`.
    static func json(_ rating: Rating) -> JSONValue {
        [
            "uuid": .string(rating.uuid), "system": .string(rating.system), "code": .string(rating.code),
            "minimum_age": .int(rating.minimumAge), "is_main": .bool(rating.isMain),
            "territories": .array(rating.territories.map(JSONValue.string)),
        ]
    }
}
