import ESModels

extension Fixtures {
    /// The categories: slug, parent slug, titles in en, fr, sw, pt (an empty title means no
    /// translation, so language fallback has something to do).
    static let categoryTable: [(slug: String, parent: String?, titles: [String])] = [
        ("action", nil, ["Action", "Action", "Mapigano", "Ação"]),
        ("comedy", nil, ["Comedy", "Comédie", "Vichekesho", "Comédia"]),
        ("drama", nil, ["Drama", "Drame", "Tamthilia", "Drama"]),
        ("crime", "drama", ["Crime", "Policier", "", "Crime"]),
        ("documentary", nil, ["Documentary", "Documentaire", "Makala", "Documentário"]),
        ("kids", nil, ["Kids", "Enfants", "Watoto", "Crianças"]),
        ("sport", nil, ["Sport", "Sport", "Michezo", "Desporto"]),
        ("football", "sport", ["Football", "Football", "Kandanda", ""]),
    ]

    /// The main rating systems: system, the main territories where it applies (together every
    /// main territory, each under one system), ratings (code, minimum age).
    static let ratingTable: [(system: String, territories: [String], ratings: [(code: String, age: Int)])] = [
        ("KFCB", ["KE", "UG", "TZ"], [("GE", 0), ("PG", 10), ("16", 16), ("18", 18)]),
        ("FPB", ["ZA"], [("A", 0), ("PG", 10), ("13", 13), ("16", 16), ("18", 18)]),
        ("NFVCB", ["NG", "GH"], [("G", 0), ("PG", 10), ("12A", 12), ("15", 15), ("18", 18)]),
    ]

    /// The main territories where the rating system `system` applies (`[]` for a system the
    /// fixtures do not know).
    public static func ratingTerritories(system: String) -> [String] {
        ratingTable.first { $0.system == system }?.territories ?? []
    }

    /// The id of the category with `slug`: `category-drama`.
    public static func categoryID(_ slug: String) -> String {
        "category-\(slug)"
    }

    /// The id of a rating: `rating-kfcb-pg`.
    public static func ratingID(system: String, code: String) -> String {
        "rating-\(system.lowercased())-\(code.lowercased())"
    }

    /// The categories (top-level and sub-categories), as `categories` documents.
    public static var categories: [JSONValue] {
        categoryTable.map { ["uuid": .string(categoryID($0.slug))] }
    }

    /// The ratings of the main rating systems, as `ratings` documents.
    public static var mainRatings: [JSONValue] {
        ratingTable.flatMap { system in
            system.ratings.map { ["uuid": .string(ratingID(system: system.system, code: $0.code))] }
        }
    }

    static func territoryDocument(_ position: Int, _ override: JSONValue) -> JSONValue {
        let code = override["code"]?.stringValue ?? knownTerritories[position % knownTerritories.count].code
        let known = knownTerritories.first { $0.code == code }
        return [
            "code": .string(code), "name": .string(known?.name ?? code),
            "is_main": .bool(known?.isMain ?? false),
        ]
    }

    static func languageDocument(_ position: Int, _ override: JSONValue) -> JSONValue {
        let code = override["code"]?.stringValue ?? knownLanguages[position % knownLanguages.count].code
        let known = knownLanguages.first { $0.code == code }
        return [
            "code": .string(code), "name": .string(known?.name ?? code),
            "is_main": .bool(known?.isMain ?? false),
        ]
    }

    static func categoryDocument(_ position: Int, _ override: JSONValue) -> JSONValue {
        let uuid = override["uuid"]?.stringValue ?? "category-\(position + 1)"
        guard let row = categoryTable.first(where: { categoryID($0.slug) == uuid }) else {
            return ["uuid": .string(uuid), "slug": .string(uuid), "titles": ["en": .string(uuid)]]
        }
        var titles: [String: JSONValue] = [:]
        for (language, title) in zip(mainLanguageCodes, row.titles) where !title.isEmpty {
            titles[language] = .string(title)
        }
        var document: JSONValue = [
            "uuid": .string(uuid), "slug": .string(row.slug), "titles": .object(titles),
        ]
        if let parent = row.parent { document["parent_uuid"] = .string(categoryID(parent)) }
        return document
    }

    static func ratingDocument(_ position: Int, _ override: JSONValue) -> JSONValue {
        let all = ratingTable.flatMap { system in
            system.ratings.map {
                (system: system.system, territories: system.territories, code: $0.code, age: $0.age)
            }
        }
        let fallback = all[position % all.count]
        let uuid = override["uuid"]?.stringValue ?? ratingID(system: fallback.system, code: fallback.code)
        let row = all.first { ratingID(system: $0.system, code: $0.code) == uuid } ?? fallback
        return [
            "uuid": .string(uuid), "system": .string(row.system), "code": .string(row.code),
            "minimum_age": .int(row.age), "is_main": true,
            "territories": .array(row.territories.map(JSONValue.string)),
        ]
    }
}
