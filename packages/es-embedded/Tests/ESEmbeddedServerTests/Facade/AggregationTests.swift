import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// Date bucketing as Elasticsearch 8 does it (time zones with daylight saving, calendar months
/// and quarters, fixed intervals rounded from the epoch, extended bounds) and the keyed and
/// anonymous `filters` and `date_range` bucket shapes; in-process and over loopback.
@Suite struct AggregationTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]

    /// Five events around month, quarter and daylight-saving boundaries.
    private static let events = [
        "2024-01-31T23:30:00Z", "2024-02-01T00:30:00Z", "2024-03-15T12:00:00Z", "2024-06-30T22:00:00Z",
        "2024-07-01T01:00:00Z",
    ]

    private func aggregate(_ mode: TestingMode, _ aggregations: String) async throws -> JSONValue {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let mapping = try Mapping(json: ["properties": ["at": ["type": "date"], "k": ["type": "keyword"]]])
        try await seed(
            backend, index: "events", mapping: mapping,
            Self.events.enumerated().map { position, at in
                ("e\(position + 1)", ["at": .string(at), "k": .string("k\((position + 1) % 2)")])
            })
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        var result: JSONValue = .null
        try await application.test(mode) { client in
            let response = try await client.post(
                "/events/_search", headers: Self.json, body: .text(#"{"size":0,"aggs":\#(aggregations)}"#))
            #expect(response.status == .ok, "\(response.bodyText)")
            result = try JSONValue(parsing: response.body)["aggregations"] ?? .null
        }
        return result
    }

    private func buckets(_ aggregation: JSONValue?) -> [String] {
        (aggregation?["buckets"]?.arrayValue ?? []).map {
            "\($0["key_as_string"]?.stringValue ?? "") \($0["doc_count"]?.intValue ?? -1)"
        }
    }

    @Test(arguments: TestingMode.allCases)
    func dateHistogramsFollowTimeZonesAndCalendars(mode: TestingMode) async throws {
        let result = try await aggregate(
            mode,
            #"""
            {"tz":{"date_histogram":{"field":"at","calendar_interval":"month","time_zone":"+01:00"}},
             "quarters":{"date_histogram":{"field":"at","calendar_interval":"quarter"}},
             "fixed":{"date_histogram":{"field":"at","fixed_interval":"30d"}},
             "bounded":{"date_histogram":{"field":"at","calendar_interval":"month",
               "extended_bounds":{"min":"2024-01-01","max":"2024-12-31"}}},
             "new_york":{"date_histogram":{"field":"at","calendar_interval":"day",
               "time_zone":"America/New_York","min_doc_count":1}}}
            """#)
        // 23:30 UTC on 31 January is February at +01:00; empty months between are listed.
        #expect(
            buckets(result["tz"]) == [
                "2024-02-01T00:00:00.000+01:00 2", "2024-03-01T00:00:00.000+01:00 1",
                "2024-04-01T00:00:00.000+01:00 0", "2024-05-01T00:00:00.000+01:00 0",
                "2024-06-01T00:00:00.000+01:00 1", "2024-07-01T00:00:00.000+01:00 1",
            ])
        #expect(result["tz"]?["buckets"]?[0]?["key"] == 1_706_742_000_000)
        #expect(
            buckets(result["quarters"]) == [
                "2024-01-01T00:00:00.000Z 3", "2024-04-01T00:00:00.000Z 1", "2024-07-01T00:00:00.000Z 1",
            ])
        // Fixed intervals are rounded from the epoch, not from the first document.
        #expect(buckets(result["fixed"]).first == "2024-01-18T00:00:00.000Z 2")
        #expect(buckets(result["fixed"]).last == "2024-06-16T00:00:00.000Z 2")
        #expect(buckets(result["fixed"]).count == 6)
        let bounded = buckets(result["bounded"])
        #expect(bounded.count == 12)
        #expect(bounded.first == "2024-01-01T00:00:00.000Z 1")
        #expect(bounded.last == "2024-12-01T00:00:00.000Z 0")
        // Days in New York: the offset changes with daylight saving time (10 March 2024).
        #expect(
            buckets(result["new_york"]) == [
                "2024-01-31T00:00:00.000-05:00 2", "2024-03-15T00:00:00.000-04:00 1",
                "2024-06-30T00:00:00.000-04:00 2",
            ])
        #expect(result["new_york"]?["buckets"]?[0]?["key"] == 1_706_677_200_000)
    }

    @Test(arguments: TestingMode.allCases)
    func filtersAndDateRangesHaveElasticsearchsShapes(mode: TestingMode) async throws {
        let result = try await aggregate(
            mode,
            #"""
            {"halves":{"filters":{"filters":{"h1":{"range":{"at":{"lt":"2024-04-01"}}},
               "h2":{"range":{"at":{"gte":"2024-04-01"}}}}}},
             "anonymous":{"filters":{"filters":[{"term":{"k":"k0"}}],"other_bucket":true}},
             "ranges":{"date_range":{"field":"at","ranges":[{"to":"2024-03-01"},
               {"from":"2024-03-01","to":"2025-01-01"}]}}}
            """#)
        #expect(result["halves"]?["buckets"] == ["h1": ["doc_count": 3], "h2": ["doc_count": 2]])
        // Anonymous filters answer a list, the other bucket last.
        #expect(result["anonymous"]?["buckets"] == [["doc_count": 2], ["doc_count": 3]])
        #expect(
            result["ranges"]?["buckets"]?[0] == [
                "key": "*-2024-03-01T00:00:00.000Z", "to": 1_709_251_200_000.0,
                "to_as_string": "2024-03-01T00:00:00.000Z", "doc_count": 2,
            ])
        #expect(
            result["ranges"]?["buckets"]?[1]?["key"]
                == "2024-03-01T00:00:00.000Z-2025-01-01T00:00:00.000Z")
        #expect(result["ranges"]?["buckets"]?[1]?["doc_count"] == 3)
    }
}
