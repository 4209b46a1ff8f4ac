import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// `inner_hits` of a `nested` query: the matching nested objects of each hit, best first, with
/// their offsets, scores and `_source`, paged by `from` and `size`, under a name.
@Suite struct InnerHitsTests {
    func backend() async throws -> EmbeddedSearchBackend {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let mapping = try Mapping(
            json: [
                "properties": [
                    "title": ["type": "keyword"],
                    "windows": [
                        "type": "nested",
                        "properties": ["country": ["type": "keyword"], "note": ["type": "text"]],
                    ],
                ]
            ])
        _ = try await backend.createIndex("films", definition: IndexDefinition(mappings: mapping))
        let documents: [(String, JSONValue)] = [
            (
                "heat",
                [
                    "title": "Heat",
                    "windows": [
                        ["country": "KE", "note": "river"], ["country": "ZA", "note": "river river"],
                        ["country": "KE", "note": "river river river"],
                    ],
                ]
            ),
            ("ronin", ["title": "Ronin", "windows": [["country": "NG", "note": "storm"]]]),
            ("solo", ["title": "Solo", "windows": ["country": "KE", "note": "one object"]]),
        ]
        for (id, document) in documents {
            _ = try await backend.index("films", id: id, document: document, refresh: .immediate)
        }
        return backend
    }

    func search(_ backend: EmbeddedSearchBackend, _ query: JSONValue) throws -> JSONValue {
        var options = SearchOptions()
        options.query = try SearchQuery(json: query)
        var request = SearchRequest()
        request.sort = [SortField("title", order: .asc)]
        return try backend.search("films", request: request, options: options).json
    }

    @Test func eachHitCarriesItsMatchingObjectsBestFirst() async throws {
        let answer = try search(
            try await backend(),
            ["nested": ["path": "windows", "query": ["match": ["windows.note": "river"]], "inner_hits": [:]]])
        let heat = answer["hits"]?["hits"]?[0]?["inner_hits"]?["windows"]?["hits"]
        #expect(heat?["total"] == ["value": 3, "relation": "eq"])
        // More "river" scores higher: offsets 2, 1, 0.
        #expect(heat?["hits"]?.arrayValue?.compactMap { $0["_nested"]?["offset"]?.intValue } == [2, 1, 0])
        #expect(heat?["hits"]?[0]?["_nested"]?["field"] == "windows")
        #expect(heat?["hits"]?[0]?["_id"] == "heat")
        #expect(heat?["hits"]?[0]?["_source"] == ["country": "KE", "note": "river river river"])
        #expect(heat?["max_score"] == heat?["hits"]?[0]?["_score"])
        #expect(answer["hits"]?["hits"]?.arrayValue?.count == 1)
    }

    @Test func namedPagedWithoutSourceAndInsideABoolFilter() async throws {
        let answer = try search(
            try await backend(),
            [
                "bool": [
                    "filter": [
                        [
                            "nested": [
                                "path": "windows", "query": ["term": ["windows.country": "KE"]],
                                "inner_hits": ["name": "kenya", "from": 1, "size": 1, "_source": false],
                            ]
                        ]
                    ]
                ]
            ])
        let hits = try #require(answer["hits"]?["hits"]?.arrayValue)
        #expect(hits.compactMap { $0["_id"]?.stringValue } == ["heat", "solo"])
        let heat = hits[0]["inner_hits"]?["kenya"]?["hits"]
        #expect(heat?["total"]?["value"] == 2)
        #expect(heat?["hits"]?.arrayValue?.count == 1)
        #expect(heat?["hits"]?[0]?["_nested"]?["offset"] == 2)
        #expect(heat?["hits"]?[0]?["_source"] == nil)
        // A single object (not an array) is offset 0.
        #expect(hits[1]["inner_hits"]?["kenya"]?["hits"]?["total"]?["value"] == 1)
        #expect(hits[1]["inner_hits"]?["kenya"]?["hits"]?["hits"] == [])
    }

    @Test func optionsEsEmbeddedDoesNotRunAreRefusedByName() {
        #expect {
            try SearchQuery(json: [
                "nested": ["path": "windows", "query": ["match_all": [:]], "inner_hits": ["sort": "x"]]
            ])
        } throws: { error in
            (error as? ElasticsearchError)?.reason
                == "es-embedded's [inner_hits] takes [name], [from], [size] and [_source], not [sort]"
        }
    }
}
