import ESModels
import Foundation

/// The named fixtures: a frozen "now", the reference data every catalogue has (main
/// territories, main languages, categories, main ratings) and the defaults of every document
/// kind, so that a test asks only for what it needs and overrides only what it cares about.
///
/// ```swift
/// @Test(.useData(assetflats: [["uuid": "uuid-1"], ["uuid": "uuid-2", "type": "episode"]]))
/// func listsEpisodes() async throws { ... }
/// ```
public enum Fixtures {
    /// The frozen instant tests run at unless they choose another: 2025-06-01T12:00:00Z.
    public static let now = Date(timeIntervalSince1970: 1_748_779_200)

    /// A clock frozen at ``now``.
    public static let clock = WallClock.frozen(at: now)

    /// The instant `days` days after ``now`` (before it when negative).
    public static func date(days: Double, from now: Date = Fixtures.now) -> Date {
        now.addingTimeInterval(days * 86_400)
    }

    /// The instant a fixture date value stands for: an ISO date, or date math such as
    /// ``ESModels/JSONValue/datetimePassed`` resolved against `now`; `nil` when it is neither.
    public static func resolveDate(_ value: JSONValue, now: Date = Fixtures.now) -> Date? {
        guard let text = value.stringValue else { return nil }
        return try? DateMath.resolve(text, now: now)
    }

    /// Every territory the fixtures know: code, English name, whether main.
    public static let knownTerritories: [(code: String, name: String, isMain: Bool)] = [
        ("KE", "Kenya", true), ("ZA", "South Africa", true), ("NG", "Nigeria", true), ("GH", "Ghana", true),
        ("UG", "Uganda", true), ("TZ", "Tanzania", true), ("RW", "Rwanda", false), ("ET", "Ethiopia", false),
        ("GB", "United Kingdom", false), ("US", "United States", false), ("DE", "Germany", false),
        ("FR", "France", false),
    ]

    /// Every language the fixtures know: ISO 639-1 code, English name, whether main.
    public static let knownLanguages: [(code: String, name: String, isMain: Bool)] = [
        ("en", "English", true), ("fr", "French", true), ("sw", "Swahili", true), ("pt", "Portuguese", true),
        ("ar", "Arabic", false), ("de", "German", false), ("es", "Spanish", false), ("zu", "Zulu", false),
        ("yo", "Yoruba", false), ("am", "Amharic", false),
    ]

    /// The codes of the main territories: KE, ZA, NG, GH, UG, TZ.
    public static var mainTerritoryCodes: [String] {
        knownTerritories.filter(\.isMain).map(\.code)
    }

    /// The codes of the main languages: en, fr, sw, pt.
    public static var mainLanguageCodes: [String] {
        knownLanguages.filter(\.isMain).map(\.code)
    }

    /// The main territories, as `territories` documents.
    public static var mainTerritories: [JSONValue] {
        knownTerritories.filter(\.isMain).map { ["code": .string($0.code)] }
    }

    /// Every known territory (main and others), as `territories` documents.
    public static var allTerritories: [JSONValue] {
        knownTerritories.map { ["code": .string($0.code)] }
    }

    /// The main languages, as `languages` documents.
    public static var mainLanguages: [JSONValue] {
        knownLanguages.filter(\.isMain).map { ["code": .string($0.code)] }
    }

    /// Every known language, as `languages` documents.
    public static var allLanguages: [JSONValue] {
        knownLanguages.map { ["code": .string($0.code)] }
    }
}
