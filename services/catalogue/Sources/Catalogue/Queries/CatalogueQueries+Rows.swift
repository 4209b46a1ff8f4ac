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
        let (parameters, matchesNothing) = Self.listing(of: query, country: country, paging: paging)
        var request = assetList(parameters)
        if matchesNothing { request.query = .matchNone }
        request.trackTotalHits = countTotal ? .accurate : .disabled
        return request
    }

    /// When the next licence window opens in `country` for an asset a `query` row's filter
    /// matches (it may then enter the row): the earliest such window start, as the aggregation
    /// ``nextOpening(in:)`` reads.
    public func rowQueryNextOpening(_ query: RowQuery?, country: CountryCode?) -> SearchRequest {
        let (parameters, matchesNothing) = Self.listing(of: query, country: country, paging: Paging(num: 0))
        var window: [Query] = [.range("license_windows.start", gt: nowValue)]
        if let country { window.insert(.term("license_windows.countries", .string(country.code)), at: 0) }
        var request = assetList(
            parameters, licence: .nested(path: "license_windows", query: .bool(filter: window)))
        if matchesNothing { request.query = .matchNone }
        request.sort = []
        request.trackTotalHits = .disabled
        request.aggregations = [
            "opening": .nested(
                path: "license_windows",
                [
                    "upcoming": .filter(
                        .bool(filter: window),
                        ["first": .terms("license_windows.start", size: 1, order: [.keyAscending])])
                ])
        ]
        return request
    }

    /// The window start ``rowQueryNextOpening(_:country:)`` found, if any.
    public static func nextOpening(in aggregations: [String: AggregationResult]) -> Date? {
        guard
            let bucket = aggregations["opening"]?.aggregations["upcoming"]?.aggregations["first"]?.buckets?
                .first
        else { return nil }
        if let text = bucket.keyAsString, let date = ISODate.date(from: text) { return date }
        return bucket.key.intValue.map { Date(epochMillis: $0) }
    }

    /// A `query` row's saved filter as listing parameters, and whether it can match nothing (a
    /// saved language that is no ISO 639 code).
    static func listing(of query: RowQuery?, country: CountryCode?, paging: Paging) -> (
        AssetListParameters, Bool
    ) {
        let query = query ?? RowQuery()
        let language = query.language.flatMap { LanguageCode($0) }
        let parameters = AssetListParameters(
            types: query.type.map { [$0] } ?? [], categories: query.category.map { [$0] } ?? [],
            language: language, country: country, paging: paging,
            sort: query.sort == .title ? .title : .newest)
        return (parameters, query.language != nil && language == nil)
    }

    /// The rows this client could be shown now or later (every filter of ``rows(country:slug:)``
    /// but the schedule, ended rows left out): their starts and ends are when the home screen
    /// changes by itself.
    public func rowSchedules(country: CountryCode?) -> SearchRequest {
        var request = rows(country: country)
        guard case .bool(var bool) = request.query else { return request }
        bool.filter.removeFirst()
        request.query = .bool(bool)
        return request
    }

    /// Every row, whoever it is for and whenever it shows (the first ``maximumRows`` by position
    /// then uuid), for the preview, which says why each one not shown is hidden.
    public func everyRow() -> SearchRequest {
        SearchRequest(
            query: .matchAll, size: Self.maximumRows,
            sort: [SortField("position", order: .asc), SortField("uuid", order: .asc)])
    }

    /// The next event to start after now for a `live_events` row (`sport`, `country`).
    public func nextEventStart(sport: String?, country: CountryCode?) -> SearchRequest {
        var filter: [Query] = [.range("start", gt: nowValue)]
        if let sport { filter.append(.term("sport", .string(sport.lowercased()))) }
        if let country { filter.append(.term("territories", .string(country.code))) }
        return SearchRequest(
            query: .bool(filter: filter), size: 1,
            sort: [SortField("start", order: .asc), SortField("uuid", order: .asc)], trackTotalHits: .disabled
        )
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
