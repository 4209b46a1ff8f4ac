import ESModels

/// A document model that writes its `_source` directly, without going through `Codable`'s
/// encoder and its containers, on the path that indexes hundreds of thousands of documents (no
/// benchmark compares the two; cms-indexer-bench's docs/s is the figure that counts).
///
/// Tests check that every ``sourceJSON`` equals `JSONValue(encoding:)` of the same model, so
/// the two forms cannot drift apart.
public protocol DocumentSourceJSON: SearchDocument {
    /// The document's `_source`, exactly as its `Codable` encoding.
    var sourceJSON: JSONValue { get }
}

extension AssetFlat: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(uuid), "type": .string(type.rawValue),
            "titles": .object(titles.mapValues(JSONValue.string)),
            "descriptions": .object(descriptions.mapValues(JSONValue.string)),
            "categories": .array(categories.map(JSONValue.string)),
            "languages": .array(languages.map(JSONValue.string)),
            "ratings": .array(ratings.map(JSONValue.string)),
            "license_windows": .array(licenseWindows.map(\.sourceJSON)),
            "created_at": .string(ISODate.string(from: createdAt)),
            "updated_at": .string(ISODate.string(from: updatedAt)),
        ]
        if let seriesUUID { members["series_uuid"] = .string(seriesUUID) }
        if let seasonUUID { members["season_uuid"] = .string(seasonUUID) }
        if let seasonNumber { members["season_number"] = .int(seasonNumber) }
        if let episodeNumber { members["episode_number"] = .int(episodeNumber) }
        return .object(members)
    }
}

extension LicenseWindow {
    /// The window as it appears inside an assetflat `_source`.
    public var sourceJSON: JSONValue {
        .object([
            "uuid": .string(uuid), "start": .string(ISODate.string(from: start)),
            "end": .string(ISODate.string(from: end)),
            "countries": .array(countries.map(JSONValue.string)),
            "subscription_statuses": .array(subscriptionStatuses.map(JSONValue.string)),
            "type": .string(type.rawValue),
            "is_downloadable": .bool(isDownloadable),
        ])
    }
}

extension Territory: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        .object(["code": .string(code), "name": .string(name), "is_main": .bool(isMain)])
    }
}

extension Language: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        .object(["code": .string(code), "name": .string(name), "is_main": .bool(isMain)])
    }
}

extension Category: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(uuid), "slug": .string(slug),
            "titles": .object(titles.mapValues(JSONValue.string)),
        ]
        if let parentUUID { members["parent_uuid"] = .string(parentUUID) }
        return .object(members)
    }
}

extension Rating: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        .object([
            "uuid": .string(uuid), "system": .string(system), "code": .string(code),
            "minimum_age": .int(minimumAge),
            "is_main": .bool(isMain), "territories": .array(territories.map(JSONValue.string)),
        ])
    }
}

extension MarketingPromo: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        .object([
            "uuid": .string(uuid), "title": .string(title), "promo_type": .string(promoType.rawValue),
            "territories": .array(territories.map(JSONValue.string)),
            "start": .string(ISODate.string(from: start)),
            "end": .string(ISODate.string(from: end)), "priority": .int(priority),
        ])
    }
}

extension SportsEvent: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        .object([
            "uuid": .string(uuid), "sport": .string(sport), "competition": .string(competition),
            "teams": .array(teams.map(JSONValue.string)), "start": .string(ISODate.string(from: start)),
            "end": .string(ISODate.string(from: end)),
            "territories": .array(territories.map(JSONValue.string)),
        ])
    }
}

extension PromotedRow: DocumentSourceJSON {
    public var sourceJSON: JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(uuid), "slug": .string(slug),
            "titles": .object(titles.mapValues(JSONValue.string)),
            "kind": .string(kind.rawValue), "platforms": .array(platforms.map(JSONValue.string)),
            "territories": .array(territories.map(JSONValue.string)),
            "start": .string(ISODate.string(from: start)), "position": .int(position),
            "asset_uuids": .array(assetUUIDs.map(JSONValue.string)),
            "updated_at": .string(ISODate.string(from: updatedAt)),
        ]
        if let minimumAPIMajor { members["min_api_major"] = .int(minimumAPIMajor) }
        if let maximumAPIMajor { members["max_api_major"] = .int(maximumAPIMajor) }
        if let end { members["end"] = .string(ISODate.string(from: end)) }
        if let query {
            var filter: [String: JSONValue] = ["sort": .string(query.sort.rawValue)]
            if let type = query.type { filter["type"] = .string(type.rawValue) }
            if let category = query.category { filter["category"] = .string(category) }
            if let language = query.language { filter["language"] = .string(language) }
            if let sport = query.sport { filter["sport"] = .string(sport) }
            members["query"] = .object(filter)
        }
        return .object(members)
    }
}
