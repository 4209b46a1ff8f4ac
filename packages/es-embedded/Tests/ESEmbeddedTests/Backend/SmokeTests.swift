import ESEmbedded
import ESModels
import Foundation
import Testing

@Suite struct SmokeTests {
    @Test func indexesSearchesAndSorts() async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.text("title") { Property.keyword("raw") }
            Property.integer("year")
            Property.nested("windows") {
                Property.keyword("countries")
                Property.date("start")
            }
        }
        _ = try await backend.createIndex("assets", definition: IndexDefinition(mappings: mapping))
        let bulk = try await backend.bulk(
            BulkRequest(
                [
                    .index(
                        index: "assets", id: "1",
                        document: [
                            "uuid": "1", "title": "Heat of the night", "year": 1995,
                            "windows": [["countries": ["KE", "ZA"], "start": "2020-01-01"]],
                        ]),
                    .index(
                        index: "assets", id: "2",
                        document: [
                            "uuid": "2", "title": "Cold Heat", "year": "2001",
                            "windows": [["countries": ["NG"], "start": "2030-01-01"]],
                        ]),
                    .index(index: "assets", id: "3", document: ["uuid": "3", "bogus": true]),
                ], refresh: .immediate))
        #expect(bulk.errors)
        #expect(bulk.failures.map(\.id) == ["3"])
        let heat = try await backend.search("assets", request: SearchRequest(query: .match("title", "heat")))
        #expect(heat.hits.total?.value == 2)
        let sorted = try await backend.search(
            "assets", request: SearchRequest(query: .matchAll, sort: [SortField("year", order: .desc)]))
        #expect(sorted.ids == ["2", "1"])
        let nested = try await backend.search(
            "assets",
            request: SearchRequest(
                query: .nested(
                    path: "windows",
                    query: .bool(filter: [
                        .term("windows.countries", "KE"), .range("windows.start", lte: "now"),
                    ]))))
        #expect(nested.ids == ["1"])
    }
}
