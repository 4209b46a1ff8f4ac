import ESModels
import Foundation

extension AssetFlat: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "assetflat")
        self.init(
            uuid: try reader.string("uuid"), type: try reader.value("type", as: AssetType.self),
            titles: try reader.stringMap("titles"), descriptions: try reader.stringMap("descriptions"),
            categories: try reader.strings("categories"), languages: try reader.strings("languages"),
            ratings: try reader.strings("ratings"),
            licenseWindows: try reader.objects("license_windows").map(LicenseWindow.init(source:)),
            createdAt: try reader.date("created_at"), updatedAt: try reader.date("updated_at"),
            seriesUUID: try reader.optionalString("series_uuid"),
            seasonUUID: try reader.optionalString("season_uuid"),
            seasonNumber: try reader.optionalInt("season_number"),
            episodeNumber: try reader.optionalInt("episode_number"))
    }
}

extension AssetFlat {
    private static let fields = SourceFields(model: "assetflat")

    /// Reads an assetflat `_source` field by field from the answer's bytes (the catalogue's
    /// hottest read: every by_id, listing and search hit).
    init(reading cursor: inout JSONCursor) throws {
        let fields = Self.fields
        var uuid: String?
        var type: AssetType?
        var titles: [String: String]?
        var descriptions: [String: String]?
        var categories: [String]?
        var languages: [String]?
        var ratings: [String]?
        var windows: [LicenseWindow]?
        var createdAt: Date?
        var updatedAt: Date?
        var seriesUUID: String?
        var seasonUUID: String?
        var seasonNumber: Int?
        var episodeNumber: Int?
        try fields.readObject(&cursor) { key, cursor in
            switch key {
            case "uuid": uuid = try fields.string(key, &cursor)
            case "type": type = try fields.value(key, as: AssetType.self, &cursor)
            case "titles": titles = try fields.stringMap(key, &cursor)
            case "descriptions": descriptions = try fields.stringMap(key, &cursor)
            case "categories": categories = try fields.strings(key, &cursor)
            case "languages": languages = try fields.strings(key, &cursor)
            case "ratings": ratings = try fields.strings(key, &cursor)
            case "license_windows":
                windows = try fields.objects(key, &cursor) { try LicenseWindow(reading: &$0) }
            case "created_at": createdAt = try fields.date(key, &cursor)
            case "updated_at": updatedAt = try fields.date(key, &cursor)
            case "series_uuid": seriesUUID = try fields.optionalString(key, &cursor)
            case "season_uuid": seasonUUID = try fields.optionalString(key, &cursor)
            case "season_number": seasonNumber = try fields.optionalInt(key, &cursor)
            case "episode_number": episodeNumber = try fields.optionalInt(key, &cursor)
            default: try cursor.skipValue()
            }
        }
        self.init(
            uuid: try fields.required(uuid, "uuid", "string"),
            type: try fields.required(type, "type", "string"),
            titles: try fields.required(titles, "titles", "object of strings"),
            descriptions: try fields.required(descriptions, "descriptions", "object of strings"),
            categories: try fields.required(categories, "categories", "array of strings"),
            languages: try fields.required(languages, "languages", "array of strings"),
            ratings: try fields.required(ratings, "ratings", "array of strings"),
            licenseWindows: try fields.required(windows, "license_windows", "array of objects"),
            createdAt: try fields.required(createdAt, "created_at", "date"),
            updatedAt: try fields.required(updatedAt, "updated_at", "date"), seriesUUID: seriesUUID,
            seasonUUID: seasonUUID, seasonNumber: seasonNumber, episodeNumber: episodeNumber)
    }
}

extension LicenseWindow {
    private static let fields = SourceFields(model: "license window")

    /// Reads a license window from the answer's bytes.
    init(reading cursor: inout JSONCursor) throws {
        let fields = Self.fields
        var uuid: String?
        var start: Date?
        var end: Date?
        var countries: [String]?
        var statuses: [String]?
        var type: LicenseType?
        var downloadable: Bool?
        try fields.readObject(&cursor) { key, cursor in
            switch key {
            case "uuid": uuid = try fields.string(key, &cursor)
            case "start": start = try fields.date(key, &cursor)
            case "end": end = try fields.date(key, &cursor)
            case "countries": countries = try fields.strings(key, &cursor)
            case "subscription_statuses": statuses = try fields.strings(key, &cursor)
            case "type": type = try fields.value(key, as: LicenseType.self, &cursor)
            case "is_downloadable": downloadable = try fields.bool(key, &cursor)
            default: try cursor.skipValue()
            }
        }
        self.init(
            uuid: try fields.required(uuid, "uuid", "string"),
            start: try fields.required(start, "start", "date"),
            end: try fields.required(end, "end", "date"),
            countries: try fields.required(countries, "countries", "array of strings"),
            subscriptionStatuses: try fields.required(statuses, "subscription_statuses", "array of strings"),
            type: try fields.required(type, "type", "string"),
            isDownloadable: try fields.required(downloadable, "is_downloadable", "boolean"))
    }
}

extension LicenseWindow: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "license window")
        self.init(
            uuid: try reader.string("uuid"), start: try reader.date("start"), end: try reader.date("end"),
            countries: try reader.strings("countries"),
            subscriptionStatuses: try reader.strings("subscription_statuses"),
            type: try reader.value("type", as: LicenseType.self),
            isDownloadable: try reader.bool("is_downloadable"))
    }
}

extension MarketingPromo: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "marketing_promos")
        self.init(
            uuid: try reader.string("uuid"), title: try reader.string("title"),
            promoType: try reader.value("promo_type", as: PromoType.self),
            territories: try reader.strings("territories"), start: try reader.date("start"),
            end: try reader.date("end"), priority: try reader.int("priority"))
    }
}

extension SportsEvent: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "sports_events")
        self.init(
            uuid: try reader.string("uuid"), sport: try reader.string("sport"),
            competition: try reader.string("competition"), teams: try reader.strings("teams"),
            start: try reader.date("start"), end: try reader.date("end"),
            territories: try reader.strings("territories"))
    }
}

extension Territory: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "territories")
        self.init(
            code: try reader.string("code"), name: try reader.string("name"),
            isMain: try reader.bool("is_main"))
    }
}

extension Language: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "languages")
        self.init(
            code: try reader.string("code"), name: try reader.string("name"),
            isMain: try reader.bool("is_main"))
    }
}

extension ESModels.Category: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "categories")
        self.init(
            uuid: try reader.string("uuid"), slug: try reader.string("slug"),
            titles: try reader.stringMap("titles"),
            parentUUID: try reader.optionalString("parent_uuid"))
    }
}

extension Rating: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "ratings")
        self.init(
            uuid: try reader.string("uuid"), system: try reader.string("system"),
            code: try reader.string("code"),
            minimumAge: try reader.int("minimum_age"), isMain: try reader.bool("is_main"),
            territories: try reader.optionalStrings("territories"))
    }
}
