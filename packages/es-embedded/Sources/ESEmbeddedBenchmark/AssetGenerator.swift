import ESModels
import Foundation
import SeededRandom

/// Generates assetflat documents (the shape cms-indexer writes) from a fixed seed, so every
/// run indexes the same data.
struct AssetGenerator {
    private var random: SplitMix64
    let now: Date
    static let countries = [
        "KE", "ZA", "NG", "GH", "UG", "TZ", "RW", "ET", "EG", "MA", "SN", "CI", "CM", "ZM", "ZW", "MZ", "AO",
        "BW",
        "NA", "MW",
    ]
    static let languages = ["en", "fr", "sw", "pt", "ar", "am", "yo", "zu"]
    static let types = [
        "movie", "movie", "movie", "movie", "movie", "movie", "episode", "episode", "tv_series",
        "sport_event",
    ]
    private static let words = [
        "heat", "night", "city", "river", "last", "first", "king", "queen", "game", "final", "storm", "love",
        "war",
        "road", "home", "star", "dark", "light", "gold", "lion", "secret", "journey", "summer", "winter",
        "dream",
    ]

    init(seed: UInt64, now: Date) {
        random = SplitMix64(seed: seed)
        self.now = now
    }

    /// The uuid of the asset numbered `number`.
    static func uuid(_ number: Int) -> String {
        "asset-\(number)"
    }

    /// The document of the asset numbered `number`.
    mutating func asset(_ number: Int) -> JSONValue {
        let nowMillis = now.epochMillis
        let day = 86_400_000
        let created = nowMillis - random.int(below: 730) * day
        var windows: [JSONValue] = []
        for window in 0..<(1 + random.int(below: 3)) {
            let start = nowMillis + (random.int(below: 600) - 400) * day
            let end = start + (30 + random.int(below: 400)) * day
            let countries = (0..<(1 + random.int(below: 6))).map { _ in JSONValue.string(pick(Self.countries))
            }
            windows.append([
                "uuid": .string("lw-\(number)-\(window)"),
                "start": .string(ISODate.string(fromMillis: start)),
                "end": .string(ISODate.string(fromMillis: end)), "countries": .array(countries),
                "subscription_statuses": .array([.string(pick(["active", "grace", "trial"]))]),
                "type": .string(pick(["SVOD", "AVOD", "TVOD"])),
                "is_downloadable": .bool(random.int(below: 2) == 0),
            ])
        }
        let title = (0..<(1 + random.int(below: 3))).map { _ in pick(Self.words) }.joined(separator: " ")
        return [
            "uuid": .string(Self.uuid(number)), "type": .string(pick(Self.types)),
            "titles": ["en": .string(title.capitalized), "fr": .string("Le \(title)")],
            "descriptions": ["en": .string("A story about \(title) and \(pick(Self.words)).")],
            "categories": .array(
                (0..<(1 + random.int(below: 3))).map { _ in .string("cat-\(random.int(below: 40))") }),
            "languages": .array((0..<(1 + random.int(below: 3))).map { _ in .string(pick(Self.languages)) }),
            "ratings": .array([.string("rating-\(random.int(below: 10))")]),
            "license_windows": .array(windows),
            "created_at": .string(ISODate.string(fromMillis: created)),
            "updated_at": .string(ISODate.string(fromMillis: created + random.int(below: 30) * day)),
        ]
    }

    mutating func next(upTo bound: Int) -> Int {
        random.int(below: bound)
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[random.int(below: elements.count)]
    }

    /// The assetflat mapping (as cms-indexer defines it).
    static let mapping: Mapping = {
        var mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("type")
            Property.object("titles", dynamic: .true) {}
            Property.object("descriptions", dynamic: .true) {}
            Property.keyword("categories")
            Property.keyword("languages")
            Property.keyword("ratings")
            Property.nested("license_windows", dynamic: .strict) {
                Property.keyword("uuid")
                Property.date("start")
                Property.date("end")
                Property.keyword("countries")
                Property.keyword("subscription_statuses")
                Property.keyword("type")
                Property.boolean("is_downloadable")
            }
            Property.date("created_at")
            Property.date("updated_at")
        }
        mapping.parameters["date_detection"] = false
        return mapping
    }()
}
