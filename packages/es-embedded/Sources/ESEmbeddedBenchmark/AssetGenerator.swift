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

    /// The assetflat definition as cms-indexer writes it: the synced copy,
    /// `packages/integration-fixtures/Mappings/assetflat.json`, found from the working directory
    /// upwards, else from this source file's place in the repository (it is not a package
    /// dependency: integration-fixtures depends on this package).
    ///
    /// - Throws: ``BenchmarkSetupError`` when no copy is found or it does not parse.
    static func definition() throws -> IndexDefinition {
        try loadedDefinition.get()
    }

    private static let loadedDefinition = Result { try loadDefinition() }

    private static func loadDefinition() throws -> IndexDefinition {
        let relative = "packages/integration-fixtures/Mappings/assetflat.json"
        var candidates: [URL] = []
        for start in [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent(),
        ] {
            var directory = start.standardizedFileURL
            while true {
                candidates.append(directory.appendingPathComponent(relative))
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw BenchmarkSetupError(
                message:
                    "cannot find \(relative) from '\(FileManager.default.currentDirectoryPath)' upwards: run the benchmark from the repository"
            )
        }
        do {
            return try IndexDefinition(json: JSONValue(parsing: Data(contentsOf: file)))
        } catch {
            throw BenchmarkSetupError(message: "\(file.path) is not an index definition: \(error)")
        }
    }
}

/// What keeps a benchmark from starting.
struct BenchmarkSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
