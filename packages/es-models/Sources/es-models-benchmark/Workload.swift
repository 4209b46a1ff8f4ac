import ESModels
import Foundation

/// Realistic inputs: assetflat documents with several license windows, the bulk body that
/// indexes them, a catalogue-style search body.
struct Workload {
    let assets: [AssetFlat]
    let sources: [JSONValue]
    let assetsValue: JSONValue
    let assetsJSON: Data
    let bulkBody: Data
    let searchBody: JSONValue
    let dates: [String]

    init(assets count: Int) throws {
        let start = Date(epochMillis: 1_704_067_200_000)
        let countries = ["KE", "ZA", "NG", "GH", "UG", "TZ", "RW", "ET"]
        assets = (0..<count).map { index in
            AssetFlat(
                uuid: "asset-\(index)", type: index % 4 == 0 ? .episode : .movie,
                titles: [
                    "en": "Title number \(index)", "fr": "Titre numéro \(index)", "sw": "Kichwa \(index)",
                ],
                descriptions: ["en": String(repeating: "A long description of the asset. ", count: 6)],
                categories: ["cat-\(index % 12)", "cat-\(index % 7)"], languages: ["en", "fr"],
                ratings: ["rating-\(index % 5)"],
                licenseWindows: (0..<3).map { window in
                    LicenseWindow(
                        uuid: "lw-\(index)-\(window)",
                        start: start.addingTimeInterval(Double(window) * 86_400 * 30),
                        end: start.addingTimeInterval(Double(window + 1) * 86_400 * 90),
                        countries: Array(countries.prefix(2 + window * 2)),
                        subscriptionStatuses: ["active", "trial"],
                        type: window == 2 ? .tvod : .svod, isDownloadable: window == 0)
                }, createdAt: start, updatedAt: start.addingTimeInterval(Double(index)))
        }
        sources = try assets.map { try JSONValue(encoding: $0) }
        assetsValue = .array(sources)
        assetsJSON = assetsValue.compactData
        bulkBody =
            BulkRequest(
                zip(assets, sources).map { .index(index: "assetflat-1", id: $0.uuid, document: $1) }
            ).ndjson
        searchBody =
            SearchRequest(
                query: .bool(
                    filter: [
                        .terms("uuid", (0..<20).map { .string("asset-\($0)") }),
                        .nested(
                            path: "license_windows",
                            query: .bool(filter: [
                                .term("license_windows.countries", "KE"),
                                .range("license_windows.start", lte: "now"),
                                .range("license_windows.end", gt: "now"),
                            ])),
                    ], mustNot: [.term("type", "episode")]),
                from: 0, size: 20, sort: [SortField("created_at", order: .desc)], trackTotalHits: .accurate
            ).json
        dates = ["2024-01-01T10:20:30Z", "2024-03-01", "2024-03-01T10:20:30.123+01:00", "1709251200000"]
    }
}
