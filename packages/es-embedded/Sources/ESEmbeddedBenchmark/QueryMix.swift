import ESModels
import Foundation

/// The catalogue-like queries the benchmark times: what the Catalogue API sends for its
/// endpoints (filters on keywords, ids, date ranges, nested license-window availability,
/// sorting and paging), plus a scored text match and a count.
enum QueryKind: String, CaseIterable {
    case termFilter = "term + terms filter, sort by date"
    case idsLookup = "ids (terms on uuid) + availability"
    case byID = "by_id: 10 uuids, _source of every hit"
    case rangeSorted = "date range, sort, paging"
    case nestedAvailability = "nested availability (country, window)"
    case catalogueRow = "catalogue row (bool, nested, must_not)"
    case textMatch = "match on a title (scored)"
    case count = "count with nested availability"
}

struct QueryMix {
    var generator: AssetGenerator
    let documents: Int

    /// A search body of `kind` with random parameters.
    mutating func request(_ kind: QueryKind) -> SearchRequest {
        switch kind {
        case .termFilter:
            return SearchRequest(
                query: .bool(filter: [
                    .term("type", "movie"),
                    .terms("languages", [.string(generator.pick(AssetGenerator.languages))]),
                ]),
                size: 20, sort: [SortField("created_at", order: .desc)])
        case .idsLookup:
            let ids = (0..<20).map { _ in
                JSONValue.string(AssetGenerator.uuid(generator.next(upTo: documents)))
            }
            return SearchRequest(query: .bool(filter: [.terms("uuid", ids), availability()]), size: 20)
        case .byID:
            // The catalogue's by_id: ten ids, one type left out, every hit's `_source` read back.
            let ids = (0..<10).map { _ in
                JSONValue.string(AssetGenerator.uuid(generator.next(upTo: documents)))
            }
            return SearchRequest(
                query: .bool(filter: [.terms("uuid", ids)], mustNot: [.term("type", "sport_event")]),
                size: 10)
        case .rangeSorted:
            return SearchRequest(
                query: .bool(filter: [.range("created_at", gte: "now-30d/d", lte: "now")]),
                from: generator.next(upTo: 4) * 20, size: 20, sort: [SortField("updated_at", order: .desc)])
        case .nestedAvailability:
            return SearchRequest(
                query: .bool(filter: [availability()]), size: 20,
                sort: [SortField("created_at", order: .desc)])
        case .catalogueRow:
            return SearchRequest(
                query: .bool(
                    filter: [
                        .terms(
                            "categories",
                            [
                                .string("cat-\(generator.next(upTo: 40))"),
                                .string("cat-\(generator.next(upTo: 40))"),
                            ]),
                        availability(),
                    ],
                    mustNot: [.term("type", "episode")]),
                size: 20, sort: [SortField("updated_at", order: .desc), SortField("uuid")])
        case .textMatch:
            return SearchRequest(
                query: .match(
                    "titles.en", .string(generator.pick(["heat", "night city", "golden lion", "storm"]))),
                size: 10)
        case .count:
            return SearchRequest(query: .bool(filter: [availability()]), size: 0)
        }
    }

    /// License windows open now in a random country for active subscriptions.
    private mutating func availability() -> Query {
        .nested(
            path: "license_windows",
            query: .bool(filter: [
                .term("license_windows.countries", .string(generator.pick(AssetGenerator.countries))),
                .range("license_windows.start", lte: "now"), .range("license_windows.end", gt: "now"),
                .term("license_windows.subscription_statuses", "active"),
            ]))
    }
}
