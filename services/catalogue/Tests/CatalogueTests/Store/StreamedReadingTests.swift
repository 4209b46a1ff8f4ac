import ESModels
import Foundation
import Testing

@testable import Catalogue

/// Reading hits straight from an answer's bytes gives what reading them through the tree gives:
/// the same models, the same errors, the same totals, sort values, highlights and aggregations.
@Suite struct StreamedReadingTests {
    static let window: JSONValue = [
        "uuid": "lw-1", "start": "2025-01-01T00:00:00Z", "end": 1_767_225_600_000, "countries": "KE",
        "subscription_statuses": ["active"], "type": "SVOD", "is_downloadable": false,
    ]
    static let asset: JSONValue = [
        "uuid": "uuid-1", "type": "episode", "titles": ["en": "Heat \"1995\" \\ é", "fr": nil],
        "descriptions": [:], "categories": ["c-1"], "languages": "en", "ratings": [],
        "license_windows": .array([window]), "created_at": "2024-01-01T00:00:00Z",
        "updated_at": "2024-01-02T00:00:00.250Z", "series_uuid": "s-1", "season_uuid": nil,
        "season_number": 2,
        "episode_number": nil, "field_from_a_newer_indexer": ["nested": [1, 2.5, true, nil]],
    ]

    private func outcome(_ read: () throws -> AssetFlat) -> Result<AssetFlat, StoredDocumentError> {
        do {
            return .success(try read())
        } catch let error as StoredDocumentError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .failure(StoredDocumentError(model: "", field: "", expected: ""))
        }
    }

    private func expectAgreement(_ source: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let tree = outcome { try AssetFlat(source: source) }
        let streamed = outcome { try JSONCursor.read(source.compactData) { try AssetFlat(reading: &$0) } }
        #expect(streamed == tree, "\(source)", sourceLocation: sourceLocation)
    }

    @Test func aDocumentReadsTheSameEitherWay() throws {
        expectAgreement(Self.asset)
        let asset = try AssetFlat(source: Self.asset)
        #expect(asset.languages == ["en"] && asset.licenseWindows.first?.countries == ["KE"])
        #expect(asset.titles == ["en": "Heat \"1995\" \\ é"] && asset.seasonUUID == nil)
    }

    @Test func everyBrokenFieldFailsTheSameWayEitherWay() throws {
        guard case .object(let members) = Self.asset else { return }
        let broken: [String: [JSONValue]] = [
            "uuid": [nil, 1, ["x"]], "type": ["film", 1], "titles": ["Heat", ["en": 1]],
            "categories": [1, [1], nil], "license_windows": ["w", ["w"], nil],
            "created_at": ["soon", 1.5, nil],
            "season_number": ["two", 2.5],
        ]
        for (field, values) in broken {
            for value in values {
                var changed = members
                changed[field] = value
                expectAgreement(.object(changed))
            }
            var removed = members
            removed[field] = nil
            expectAgreement(.object(removed))
        }
        guard case .object(let window) = Self.window else { return }
        for (field, value) in [("countries", JSONValue.int(1)), ("type", "rent"), ("is_downloadable", "no")] {
            var changed = window
            changed[field] = value
            var asset = members
            asset["license_windows"] = [.object(changed)]
            expectAgreement(.object(asset))
        }
        expectAgreement("not an object")
    }

    @Test func anAnswerReadsTheSameAsThroughTheTree() throws {
        let answer: JSONValue = [
            "took": 3, "timed_out": false,
            "_shards": ["total": 1, "successful": 1, "skipped": 0, "failed": 0],
            "hits": [
                "total": ["value": 42, "relation": "eq"], "max_score": nil,
                "hits": [
                    [
                        "_index": "assetflat-1", "_id": "uuid-1", "_score": nil, "_source": Self.asset,
                        "sort": ["2024-01-01T00:00:00Z", "uuid-1"],
                        "highlight": ["titles.en": ["<em>Heat</em>"]],
                    ],
                    ["_index": "assetflat-1", "_id": "uuid-2", "_score": 1.5, "_source": Self.asset],
                ],
            ],
            "aggregations": [
                "type": ["doc_count_error_upper_bound": 0, "sum_other_doc_count": 0, "buckets": []]
            ],
        ]
        let streamed = try StreamedSearchAnswer<AssetFlat>(body: answer.compactData, model: "assetflat")
        let tree = try SearchResponse(json: answer)
        #expect(streamed.items == (try tree.hits.hits.map { try AssetFlat(source: $0.source!) }))
        #expect(streamed.response.hits.total == tree.hits.total)
        #expect(streamed.response.hits.hits.map(\.sort) == tree.hits.hits.map(\.sort))
        #expect(streamed.response.hits.hits.map(\.highlight) == tree.hits.hits.map(\.highlight))
        #expect(streamed.response.hits.hits.map(\.id) == ["uuid-1", "uuid-2"])
        #expect(streamed.response.aggregations == tree.aggregations)
        #expect(streamed.response.hits.hits.allSatisfy { $0.source == nil })
    }

    @Test func aHitWithoutSourceOrABrokenAnswerIsAnError() throws {
        let noSource: JSONValue = [
            "hits": ["total": ["value": 1, "relation": "eq"], "hits": [["_id": "uuid-1"]]]
        ]
        #expect(throws: StoredDocumentError(model: "assetflat", field: "_source", expected: "object")) {
            try StreamedSearchAnswer<AssetFlat>(body: noSource.compactData, model: "assetflat")
        }
        #expect(throws: JSONParseError.self) {
            try StreamedSearchAnswer<AssetFlat>(
                body: Data(#"{"hits":{"hits":[{"_source":{"uuid":"#.utf8), model: "a")
        }
        #expect(throws: JSONParseError.self) {
            try StreamedSearchAnswer<AssetFlat>(
                body: Data(#"{"hits":{"hits":[]}} trailing"#.utf8), model: "a")
        }
        #expect(throws: ElasticsearchError.self) {
            try StreamedSearchAnswer<AssetFlat>(body: Data(#"{"took": 1}"#.utf8), model: "a")
        }
    }
}
