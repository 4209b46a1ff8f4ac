import ESModels

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
