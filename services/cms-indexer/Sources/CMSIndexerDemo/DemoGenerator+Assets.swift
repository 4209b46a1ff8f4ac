import CMSIndexer

extension DemoGenerator {
    /// Titles in en, fr, sw, pt from one adjective and one noun.
    mutating func drawTitles() -> [String] {
        let adjective = random.pick(DemoVocabulary.adjectives)
        let noun = random.pick(DemoVocabulary.nouns)
        return [
            "The \(adjective[0]) \(noun[0])", "\(noun[1]) \(adjective[1])", "\(noun[2]) \(adjective[2])",
            "\(noun[3]) \(adjective[3])",
        ]
    }

    /// Writes an asset row, its localizations (English always, others by chance) and returns
    /// its uuid.
    mutating func writeAsset(type: String, titles: [String], describe: Bool = true) throws -> String {
        let uuid = random.uuid()
        let createdDaysAgo = random.int(in: 30...1_100)
        let updatedDaysAgo = random.int(in: 0...createdDaysAgo)
        try writer.insert(
            "assets", ["uuid", "type", "created_at", "updated_at"],
            [
                uuid, type, date(days: -createdDaysAgo),
                date(days: -updatedDaysAgo, hours: random.int(in: 0...23)),
            ])
        assetTypes[type, default: 0] += 1
        for (index, language) in DemoVocabulary.titleLanguages.enumerated()
        where index == 0 || random.chance(language.probability) {
            let description: String? =
                describe && random.chance(0.9)
                ? DemoVocabulary.descriptions[index].replacingOccurrences(of: "%@", with: titles[index]) : nil
            try writer.insert(
                "asset_localizations", ["asset_uuid", "language_code", "title", "description"],
                [uuid, language.code, titles[index], description])
        }
        return uuid
    }

    mutating func writeCategories(_ uuid: String, slugs: [String]) throws {
        for (position, slug) in slugs.enumerated() {
            guard let category = categoryIDs[slug] else { continue }
            try writer.insert(
                "asset_categories", ["asset_uuid", "category_uuid", "position"], [uuid, category, position])
        }
    }

    mutating func writeLanguages(_ uuid: String) throws {
        let audio =
            ["en"] + random.sample(["fr", "sw", "pt", "ar", "zu", "yo"], count: random.int(in: 0...1))
        let subtitles = random.sample(
            ["en", "fr", "sw", "pt", "ar", "de", "es", "am"], count: random.int(in: 0...3))
        for code in audio {
            try writer.insert(
                "asset_languages", ["asset_uuid", "language_code", "kind"], [uuid, code, "audio"])
        }
        for code in subtitles {
            try writer.insert(
                "asset_languages", ["asset_uuid", "language_code", "kind"], [uuid, code, "subtitles"])
        }
    }

    /// A rating in several territories, each from that territory's system, for one age level.
    mutating func writeRatings(_ uuid: String, age: Int) throws {
        let territories = random.sample(DemoVocabulary.territories.map(\.code), count: random.int(in: 3...9))
        for territory in territories {
            guard let system = systemByTerritory[territory], let ratings = ratingsBySystem[system],
                let rating = ratings.first(where: { $0.age >= age }) ?? ratings.last
            else { continue }
            try writer.insert(
                "asset_ratings", ["asset_uuid", "territory_code", "rating_uuid"],
                [uuid, territory, rating.uuid])
        }
    }

    /// One to three license windows, most assets having one open at the anchor.
    ///
    /// - Returns: whether one of them is open at the anchor in every main territory.
    @discardableResult
    mutating func writeLicenseWindows(_ uuid: String) throws -> Bool {
        let mainTerritories = Set(DemoVocabulary.territories.filter(\.isMain).map(\.code))
        var licensedInMain = false
        let count = random.int(in: 1...3)
        for index in 0..<count {
            let (start, end): (Int, Int)
            let timing =
                index == 0 ? (random.chance(0.85) ? 0 : random.int(in: 1...2)) : random.int(in: 0...2)
            switch timing {
            case 0:
                (start, end) = (-random.int(in: 1...365), random.int(in: 1...365))
            case 1:
                let last = -random.int(in: 1...180)
                (start, end) = (last - random.int(in: 30...365), last)
            default:
                let first = random.int(in: 1...120)
                (start, end) = (first, first + random.int(in: 30...365))
            }
            let type = random.pick(["SVOD", "SVOD", "SVOD", "AVOD", "TVOD"])
            let windowID = random.uuid()
            try writer.insert(
                "license_windows",
                ["uuid", "asset_uuid", "starts_at", "ends_at", "license_type", "is_downloadable"],
                [windowID, uuid, date(days: start), date(days: end), type, random.chance(0.4)])
            let countries = drawCountries()
            for country in countries {
                try writer.insert(
                    "license_window_countries", ["license_window_uuid", "territory_code"],
                    [windowID, country])
            }
            if start < 0, end > 0, mainTerritories.isSubset(of: countries) { licensedInMain = true }
            let statuses =
                type == "AVOD"
                ? ["free", "active"]
                : random.sample(["active", "trial", "grace_period"], count: random.int(in: 1...3))
            for status in statuses {
                try writer.insert(
                    "license_window_subscription_statuses", ["license_window_uuid", "status"],
                    [windowID, status])
            }
        }
        return licensedInMain
    }

    /// Countries of a window: all main territories, all territories, a few, or a single one.
    mutating func drawCountries() -> [String] {
        let all = DemoVocabulary.territories
        switch random.int(in: 0...9) {
        case 0...3: return all.filter(\.isMain).map(\.code)
        case 4...5: return all.map(\.code)
        case 6...8: return random.sample(all.map(\.code), count: random.int(in: 2...5))
        default: return [random.pick(all.map(\.code))]
        }
    }

    mutating func writeMovie() throws {
        let titles = drawTitles()
        let uuid = try writeAsset(type: "movie", titles: titles)
        let genres = random.sample(DemoVocabulary.genres, count: random.int(in: 1...3))
        try writeCategories(uuid, slugs: genres)
        try writeLanguages(uuid)
        try writeRatings(
            uuid,
            age: genres.contains(where: { ["kids", "preschool", "animation"].contains($0) })
                ? 0 : random.pick([10, 13, 16, 18]))
        if try writeLicenseWindows(uuid) { licensedNow.append((uuid, "movie")) }
        promotable.append((uuid, titles[0]))
    }

    /// A series with seasons and episodes, at most `budget` assets in all. Episodes carry no
    /// categories of their own (they inherit the series' when denormalized) and are rated
    /// only sometimes.
    mutating func writeSeries(budget: Int) throws {
        let titles = drawTitles()
        let series = try writeAsset(type: "tv_series", titles: titles)
        let genres = ["series"] + random.sample(DemoVocabulary.genres, count: random.int(in: 1...2))
        try writeCategories(series, slugs: genres)
        try writeLanguages(series)
        let age = random.pick([0, 10, 13, 16])
        try writeRatings(series, age: age)
        if try writeLicenseWindows(series) { licensedNow.append((series, "tv_series")) }
        promotable.append((series, titles[0]))
        var remaining = budget - 1
        for seasonNumber in 1...random.int(in: 1...2) where remaining > 0 {
            let season = random.uuid()
            try writer.insert("seasons", ["uuid", "series_uuid", "number"], [season, series, seasonNumber])
            for episodeNumber in 1...random.int(in: 3...6) where remaining > 0 {
                let episodeTitles = zip(titles, DemoVocabulary.episodeWords).map { title, word in
                    "\(title) – \(word) \(episodeNumber)"
                }
                let episode = try writeAsset(type: "episode", titles: episodeTitles)
                try writer.insert(
                    "episodes", ["asset_uuid", "season_uuid", "number"], [episode, season, episodeNumber])
                try writeLanguages(episode)
                if random.chance(0.2) { try writeRatings(episode, age: age) }
                try writeLicenseWindows(episode)
                remaining -= 1
            }
        }
    }
}
