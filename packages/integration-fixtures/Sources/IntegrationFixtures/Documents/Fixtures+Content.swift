import ESModels

extension Fixtures {
    /// Title words (en, fr, sw, pt): adjectives, then nouns; default titles combine them by
    /// position so that every default asset has its own title.
    static let titleAdjectives: [[String]] = [
        ["Silent", "silencieux", "Kimya", "Silencioso"], ["Golden", "doré", "ya Dhahabu", "Dourado"],
        ["Hidden", "caché", "Iliyofichwa", "Escondido"], ["Wild", "sauvage", "Pori", "Selvagem"],
        ["Lost", "perdu", "Iliyopotea", "Perdido"], ["Northern", "du nord", "ya Kaskazini", "do Norte"],
    ]

    static let titleNouns: [[String]] = [
        ["River", "Rivière", "Mto", "Rio"], ["Harbour", "Port", "Bandari", "Porto"],
        ["Kingdom", "Royaume", "Ufalme", "Reino"], ["Garden", "Jardin", "Bustani", "Jardim"],
        ["Storm", "Tempête", "Dhoruba", "Tempestade"], ["Island", "Île", "Kisiwa", "Ilha"],
        ["Market", "Marché", "Soko", "Mercado"],
    ]

    /// The default titles of the asset at `position`, in the main languages.
    public static func defaultTitles(position: Int) -> [String: String] {
        let adjective = titleAdjectives[position % titleAdjectives.count]
        let noun = titleNouns[(position / titleAdjectives.count) % titleNouns.count]
        let suffix = position < titleAdjectives.count * titleNouns.count ? "" : " \(position + 1)"
        return [
            "en": "The \(adjective[0]) \(noun[0])\(suffix)", "fr": "\(noun[1]) \(adjective[1])\(suffix)",
            "sw": "\(noun[2]) \(adjective[2])\(suffix)", "pt": "\(noun[3]) \(adjective[3])\(suffix)",
        ]
    }

    /// The default `assetflat` document at `position`: a movie licensed now in every main
    /// territory (one SVOD window from 30 days ago to a year ahead), titled and described in the
    /// main languages, in the drama category, in English and French, rated KFCB PG.
    public static func assetflat(position: Int, uuid: String? = nil) -> JSONValue {
        let uuid = uuid ?? "uuid-\(position + 1)"
        let titles = defaultTitles(position: position)
        let descriptions: [String: JSONValue] = [
            "en": .string(
                "\(titles["en"] ?? ""): a story of courage, family and the choices that cost everything."),
            "fr": .string("\(titles["fr"] ?? "") : une histoire de courage, de famille et de choix."),
            "sw": .string("\(titles["sw"] ?? ""): hadithi ya ujasiri, familia na maamuzi."),
            "pt": .string("\(titles["pt"] ?? ""): uma história de coragem, família e escolhas."),
        ]
        let document: JSONValue = [
            "uuid": .string(uuid), "type": "movie", "titles": .object(titles.mapValues(JSONValue.string)),
            "descriptions": .object(descriptions), "categories": [.string(categoryID("drama"))],
            "languages": ["en", "fr"], "ratings": [.string(ratingID(system: "KFCB", code: "PG"))],
            "created_at": "now-90d", "updated_at": "now-1d",
        ]
        var withWindow = document
        withWindow["license_windows"] = [licenseWindow(assetUUID: uuid, position: 0)]
        return withWindow
    }

    /// The default license window at `position` of an asset: SVOD, open from 30 days ago to a
    /// year ahead, in every main territory, for active subscribers, downloadable.
    public static func licenseWindow(assetUUID: String, position: Int) -> JSONValue {
        [
            "uuid": .string("\(assetUUID)-window-\(position + 1)"), "start": "now-30d", "end": "now+365d",
            "countries": .array(mainTerritoryCodes.map(JSONValue.string)),
            "subscription_statuses": ["active"],
            "type": "SVOD", "is_downloadable": true,
        ]
    }

    /// The default `marketing_promos` document at `position`: an editorial promo showing from
    /// yesterday to 30 days ahead in every main territory, priority 10.
    public static func promo(position: Int) -> JSONValue {
        [
            "uuid": .string("promo-\(position + 1)"), "title": .string("Promo \(position + 1)"),
            "promo_type": "editorial", "territories": .array(mainTerritoryCodes.map(JSONValue.string)),
            "start": "now-1d", "end": "now+30d", "priority": 10,
        ]
    }

    /// The default `sports_events` document at `position`: a football match tomorrow, two hours
    /// long, shown in every main territory.
    public static func sportsEvent(position: Int) -> JSONValue {
        [
            "uuid": .string("event-\(position + 1)"), "sport": "football",
            "competition": "Kenyan Premier League",
            "teams": ["Gor Mahia", "AFC Leopards"], "start": "now+1d", "end": "now+1d+2h",
            "territories": .array(mainTerritoryCodes.map(JSONValue.string)),
        ]
    }

    /// The default `rows` document at `position`: a curated row "Row N" (slug `row-N`) of the
    /// first three default assets (`uuid-1`, `uuid-2`, `uuid-3`), showing since yesterday with
    /// no end, on every platform, for every API major, in every main territory, at position N.
    public static func row(position: Int) -> JSONValue {
        [
            "uuid": .string("row-\(position + 1)"), "slug": .string("row-\(position + 1)"),
            "titles": ["en": .string("Row \(position + 1)")], "kind": "curated",
            "platforms": .array(PromotedRow.allPlatforms.map(JSONValue.string)),
            "territories": .array(mainTerritoryCodes.map(JSONValue.string)), "start": "now-1d",
            "position": .int(position + 1), "asset_uuids": ["uuid-1", "uuid-2", "uuid-3"],
            "updated_at": "now-1d",
        ]
    }
}
