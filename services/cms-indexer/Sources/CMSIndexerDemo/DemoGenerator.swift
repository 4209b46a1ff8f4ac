import CMSIndexer
import ESModels
import Foundation
import SeededRandom

/// Draws the demo rows; see ``DemoDatabase``. One generator writes one database.
struct DemoGenerator {
    let writer: DemoWriter
    let options: DemoDatabaseOptions
    var random: SplitMix64
    /// Category uuids by slug.
    var categoryIDs: [String: String] = [:]
    /// Rating uuids and minimum ages by system.
    var ratingsBySystem: [String: [(uuid: String, age: Int)]] = [:]
    /// The rating system of each territory.
    var systemByTerritory: [String: String] = [:]
    /// Assets written so far, by type.
    var assetTypes: [String: Int] = [:]
    /// Asset uuids and English titles, for promos.
    var promotable: [(uuid: String, title: String)] = []
    /// Movies and series with a license window open at the anchor in every main territory, in
    /// the order written: what curated rows pick from.
    var licensedNow: [(uuid: String, type: String)] = []

    static let day: TimeInterval = 86_400

    init(writer: DemoWriter, options: DemoDatabaseOptions) {
        self.writer = writer
        self.options = options
        self.random = SplitMix64(seed: options.seed)
    }

    var assetCount: Int { assetTypes.values.reduce(0, +) }

    mutating func generate() throws {
        try writeReferenceData()
        while assetCount < options.assets {
            let roll = random.int(in: 0...99)
            if roll < 85 {
                try writeMovie()
            } else if roll < 93 {
                try writeSportEvent(withAsset: true)
            } else {
                try writeSeries(budget: options.assets - assetCount)
            }
        }
        for _ in 0..<max(20, options.assets / 25) { try writeSportEvent(withAsset: false) }
        try writePromos(count: max(12, options.assets / 100))
        try writeRows()
    }

    /// An ISO 8601 timestamp `days` days (and `hours` hours) from the anchor, on the hour.
    func date(days: Int, hours: Int = 0) -> String {
        let anchorHour = (options.anchor.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600
        return ISODate.string(
            from: Date(timeIntervalSince1970: anchorHour + Double(days) * Self.day + Double(hours) * 3_600))
    }

    // MARK: - Reference data

    private mutating func writeReferenceData() throws {
        for territory in DemoVocabulary.territories {
            try writer.insert(
                "territories", ["code", "name", "is_main"],
                [territory.code, territory.name, territory.isMain])
        }
        for language in DemoVocabulary.languages {
            try writer.insert(
                "languages", ["code", "name", "is_main"], [language.code, language.name, language.isMain])
        }
        let titleCodes = DemoVocabulary.titleLanguages.map(\.code)
        for category in DemoVocabulary.categories {
            let uuid = random.uuid()
            categoryIDs[category.slug] = uuid
            try writer.insert(
                "categories", ["uuid", "slug", "parent_uuid"],
                [uuid, category.slug, category.parent.flatMap { categoryIDs[$0] }])
            for (code, title) in zip(titleCodes, category.titles) where !title.isEmpty {
                try writer.insert(
                    "category_titles", ["category_uuid", "language_code", "title"], [uuid, code, title])
            }
        }
        for system in DemoVocabulary.ratingSystems {
            for (code, age) in system.ratings {
                let uuid = "rating-\(system.system.lowercased())-\(code.lowercased())"
                ratingsBySystem[system.system, default: []].append((uuid, age))
                try writer.insert(
                    "ratings", ["uuid", "system", "code", "minimum_age", "is_main"],
                    [uuid, system.system, code, age, system.isMain])
            }
            for territory in system.territories {
                systemByTerritory[territory] = system.system
                try writer.insert(
                    "rating_system_territories", ["system", "territory_code"], [system.system, territory])
            }
        }
    }
}
