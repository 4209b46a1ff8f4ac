import ESModels
import Foundation

extension CatalogueQueries {
    /// The most promos one answer holds.
    public static let maximumPromos = 100

    /// `promos`: promos showing now (in the country), highest priority first; call-to-action
    /// promos only for API versions that serve them.
    public func promos(country: CountryCode?) -> SearchRequest {
        var types: [MarketingPromo.PromoType] = [.editorial]
        if client.version.servesCallToActionPromos { types += [.callToAction, .sportCallToAction] }
        var filter: [Query] = [
            .range("start", lte: nowValue), .range("end", gt: nowValue),
            .terms("promo_type", types.map { .string($0.rawValue) }),
        ]
        if let country { filter.append(.term("territories", .string(country.code))) }
        return SearchRequest(
            query: .bool(filter: filter), size: Self.maximumPromos,
            sort: [SortField("priority", order: .desc), SortField("uuid", order: .asc)])
    }

    /// `events`: events running at some moment of the range (starting before its end and
    /// ending after its start), in start order, with an exact total.
    public func events(_ parameters: EventParameters) -> SearchRequest {
        var filter: [Query] = [
            .range("start", lt: .string(ISODate.string(from: parameters.to))),
            .range("end", gt: .string(ISODate.string(from: parameters.from))),
        ]
        if !parameters.sports.isEmpty {
            filter.append(.terms("sport", parameters.sports.map(JSONValue.string)))
        }
        if let competition = parameters.competition {
            filter.append(.term("competition", .string(competition)))
        }
        if let country = parameters.country { filter.append(.term("territories", .string(country.code))) }
        return SearchRequest(
            query: .bool(filter: filter), from: parameters.paging.start, size: parameters.paging.num,
            sort: [SortField("start", order: .asc), SortField("uuid", order: .asc)], trackTotalHits: .accurate
        )
    }
}
