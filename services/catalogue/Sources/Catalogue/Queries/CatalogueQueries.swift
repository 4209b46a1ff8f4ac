import ESModels
import Foundation

/// Builds the search bodies of every endpoint from its parameters, the client and "now".
///
/// Pure values in, pure values out: no I/O, so every query is unit-tested as JSON. "Now" is
/// sent as an explicit instant rather than `now` date math, so the store's clock never
/// matters: the API's injected clock decides (frozen in tests, on any cluster).
///
/// ```swift
/// let queries = CatalogueQueries(now: clock.now(), client: context.client)
/// let request = queries.byID(ByIDParameters(ids: ["uuid-1"], country: CountryCode("KE")))
/// ```
public struct CatalogueQueries: Sendable {
    /// The instant that decides what is licensed, active or live.
    public var now: Date
    /// Who is asking.
    public var client: ClientContext

    /// Creates a builder.
    public init(now: Date, client: ClientContext) {
        self.now = now
        self.client = client
    }

    /// `now` as the date strings the indices store.
    var nowValue: JSONValue { .string(ISODate.string(from: now)) }

    // MARK: - Assets

    /// Assets with a license window open now (start inclusive, end exclusive), in `country`
    /// when one is given: the query form of ``Availability``.
    public func licensedNow(in country: CountryCode?) -> Query {
        var window: [Query] = [
            .range("license_windows.start", lte: nowValue), .range("license_windows.end", gt: nowValue),
        ]
        if let country { window.insert(.term("license_windows.countries", .string(country.code)), at: 0) }
        return .nested(path: "license_windows", query: .bool(filter: window))
    }

    /// Filters on the asset type: the requested types, never a type the client's API version
    /// does not serve.
    func typeFilters(_ requested: [AssetFlat.AssetType]) -> (filter: [Query], mustNot: [Query]) {
        let servable = client.version.servesSportEventAssets
        guard !requested.isEmpty else {
            return ([], servable ? [] : [.term("type", .string(AssetFlat.AssetType.sportEvent.rawValue))])
        }
        let kept = requested.filter { servable || $0 != .sportEvent }
        guard !kept.isEmpty else { return ([.matchNone], []) }
        return ([.terms("type", kept.map { .string($0.rawValue) })], [])
    }

    /// `by_id`: the requested assets of the types the client is served. Availability now (in
    /// the country) is checked on the loaded assets with ``Availability`` rather than in the
    /// query: the ids already narrow the hits to at most 100, and a nested range query over every
    /// license window would cost more than the lookup itself.
    public func byID(_ parameters: ByIDParameters) -> SearchRequest {
        let types = typeFilters([])
        return SearchRequest(
            query: .bool(
                filter: [.terms("uuid", parameters.ids.map(JSONValue.string))], mustNot: types.mustNot),
            size: parameters.ids.count)
    }

    /// `asset/{uuid}`: the asset, if it is of a type the client is served (availability is
    /// checked on the loaded asset, as for ``byID(_:)``).
    public func asset(uuid: String) -> SearchRequest {
        byID(ByIDParameters(ids: [uuid], country: nil))
    }

    /// `assets`: a filtered, sorted page of available assets with an exact total; with a
    /// series, its episodes; with facets, the counts of their values over the whole listing.
    public func assetList(_ parameters: AssetListParameters) -> SearchRequest {
        assetList(parameters, licence: licensedNow(in: parameters.country))
    }

    /// An asset listing whose licence condition is `licence` instead of "licensed now".
    func assetList(_ parameters: AssetListParameters, licence: Query) -> SearchRequest {
        let types = typeFilters(parameters.types)
        var filter = [licence] + types.filter
        if !parameters.categories.isEmpty {
            filter.append(.terms("categories", parameters.categories.map(JSONValue.string)))
        }
        if let language = parameters.language {
            filter.append(.term("languages", .string(language.alpha2)))
        }
        if let series = parameters.series { filter.append(.term("series_uuid", .string(series))) }
        return SearchRequest(
            query: .bool(filter: filter, mustNot: types.mustNot), from: parameters.paging.start,
            size: parameters.paging.num, sort: parameters.sort.sortFields(language: client.language),
            trackTotalHits: .accurate,
            aggregations: Dictionary(
                uniqueKeysWithValues: parameters.facets.map { ($0.rawValue, $0.aggregation) }))
    }
}
