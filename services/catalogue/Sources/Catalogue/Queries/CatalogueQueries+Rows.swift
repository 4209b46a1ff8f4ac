import ESModels
import Foundation

extension CatalogueQueries {
    /// The most rows one home screen holds.
    public static let maximumRows = 100
    /// The most asset ids one lookup of curated rows' assets asks for; longer lists are split.
    public static let maximumRowAssetIDs = 500

    /// The row kinds the client's API version can render: curated and query rows for every
    /// supported major, `live_events` rows from ``APIVersion/liveEventRows``.
    public var rowKinds: [PromotedRow.Kind] {
        client.version.servesLiveEventRows ? [.curated, .query, .liveEvents] : [.curated, .query]
    }

    /// `rows`: the rows showing now for this client (its schedule running, on the client's
    /// platform, for its API major, of a kind it renders, in `country` when one is given), by
    /// position then uuid; with `slug`, only that row.
    public func rows(country: CountryCode?, slug: String? = nil) -> SearchRequest {
        let major = JSONValue.int(client.version.major)
        var filter: [Query] = [
            .range("start", lte: nowValue), Self.absentOr("end", .range("end", gt: nowValue)),
            .term("platforms", .string(client.platform.rawValue)),
            Self.absentOr("min_api_major", .range("min_api_major", lte: major)),
            Self.absentOr("max_api_major", .range("max_api_major", gte: major)),
            .terms("kind", rowKinds.map { .string($0.rawValue) }),
        ]
        if let country { filter.append(.term("territories", .string(country.code))) }
        if let slug { filter.append(.term("slug", .string(slug))) }
        return SearchRequest(
            query: .bool(filter: filter), size: slug == nil ? Self.maximumRows : 1,
            sort: [SortField("position", order: .asc), SortField("uuid", order: .asc)])
    }

    /// Curated rows' assets: those of `ids` of a type the client is served. Availability now (in
    /// the country) is checked on the loaded assets, as for ``byID(_:)``.
    public func rowAssets(ids: [String]) -> SearchRequest {
        byID(ByIDParameters(ids: ids, country: nil))
    }

    /// A `query` row's assets: its saved filter as an asset listing (licensed now in `country`,
    /// of the types the client is served), newest first or by title in the client's language;
    /// `countTotal` asks for the exact total (one row's page needs it, the home screen does not).
    /// A saved language that is no ISO 639 code finds nothing.
    public func rowQueryAssets(
        _ query: RowQuery?, country: CountryCode?, paging: Paging, countTotal: Bool
    ) -> SearchRequest {
        let query = query ?? RowQuery()
        let language = query.language.flatMap { LanguageCode($0) }
        let parameters = AssetListParameters(
            types: query.type.map { [$0] } ?? [], categories: query.category.map { [$0] } ?? [],
            language: language, country: country, paging: paging,
            sort: query.sort == .title ? .title : .newest)
        var request = assetList(parameters)
        if query.language != nil && language == nil { request.query = .matchNone }
        request.trackTotalHits = countTotal ? .accurate : .disabled
        return request
    }

    /// A `live_events` row's events: those running now (start inclusive, end exclusive) in
    /// `country`, of `sport` when given, by start then uuid.
    public func liveEvents(sport: String?, country: CountryCode?, paging: Paging, countTotal: Bool)
        -> SearchRequest
    {
        var filter: [Query] = [.range("start", lte: nowValue), .range("end", gt: nowValue)]
        if let sport { filter.append(.term("sport", .string(sport.lowercased()))) }
        if let country { filter.append(.term("territories", .string(country.code))) }
        return SearchRequest(
            query: .bool(filter: filter), from: paging.start, size: paging.num,
            sort: [SortField("start", order: .asc), SortField("uuid", order: .asc)],
            trackTotalHits: countTotal ? .accurate : .disabled)
    }

    /// `field` is absent (an open bound) or `query` holds.
    static func absentOr(_ field: String, _ query: Query) -> Query {
        .bool(should: [query, .bool(mustNot: [.exists(field)])], minimumShouldMatch: 1)
    }
}
