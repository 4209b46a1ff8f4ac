import ESEmbedded
import ESModels
import Foundation
import Testing

/// `search_after` pages on a numeric first key (compared raw, with ties and missing values at
/// page boundaries) read the same documents, in the same order, as one sorted search.
@Suite struct SearchAfterPagingTests {
    @Test(arguments: [SortField.Order.desc, .asc])
    func pagesConcatenateToTheFullSort(order: SortField.Order) async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        let mapping = try Mapping(json: [
            "properties": ["at": ["type": "date"], "id": ["type": "keyword"], "price": ["type": "double"]]
        ])
        _ = try await backend.createIndex("docs", definition: IndexDefinition(mappings: mapping))
        let operations: [BulkOperation] = (0..<500).map { number in
            var document: [String: JSONValue] = ["id": .string(String(format: "d%03d", number))]
            if number % 11 != 0 {
                document["at"] = .int(1_700_000_000_000 + Int(number % 7) * 86_400_000)
                document["price"] = .double(Double(number % 5) / 4)
            }
            return .index(index: "docs", id: String(number), document: .object(document))
        }
        _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        for first in ["at", "price"] {
            let sort = [SortField(first, order: order), SortField("id")]
            let full = try backend.search(
                "docs", request: SearchRequest(size: 500, sort: sort), options: SearchOptions()
            )
            .response.hits.hits.map(\.id)
            var paged: [String] = []
            var after: [JSONValue]?
            while true {
                let page = try backend.search(
                    "docs", request: SearchRequest(size: 13, sort: sort),
                    options: SearchOptions(searchAfter: after))
                let hits = page.response.hits.hits
                guard let last = hits.last else { break }
                paged += hits.map(\.id)
                after = last.sort
            }
            #expect(paged == full, "\(first) \(order)")
            #expect(paged.count == 500)
        }
    }

    /// Scores are reported as the shortest decimal of a float: paged on `_score`, a page must
    /// start right after its cursor's hit, even when most scores have no short decimal form.
    @Test func pagesOnScoresThroughTheSearchBackendProtocol() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let backend = EmbeddedSearchBackend(clock: .frozen(at: now))
        let mapping = try Mapping(json: [
            "properties": ["at": ["type": "date"], "id": ["type": "keyword"], "title": ["type": "text"]]
        ])
        _ = try await backend.createIndex("docs", definition: IndexDefinition(mappings: mapping))
        let operations: [BulkOperation] = (0..<60).map { number in
            .index(
                index: "docs", id: String(number),
                document: [
                    "id": .string(String(format: "d%02d", number)), "title": "storm",
                    "at": .int(1_700_000_000_000 - number * 3_600_000 * 7),
                ])
        }
        _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        let query = Query.functionScore(
            FunctionScoreQuery(
                query: .match("title", "storm"),
                functions: [.decay(.gauss, field: "at", origin: "2023-11-14T22:13:20Z", scale: "10d")],
                boostMode: .sum))
        let sort = [SortField.score, SortField("id")]
        let full = try await backend.search(
            "docs", request: SearchRequest(query: query, size: 60, sort: sort)
        )
        .hits.hits.map(\.id)
        var paged: [String] = []
        var after: [JSONValue]?
        while paged.count <= 60 {
            let hits = try await backend.search(
                "docs", request: SearchRequest(query: query, size: 7, sort: sort, searchAfter: after)
            ).hits.hits
            guard let last = hits.last else { break }
            paged += hits.map(\.id)
            after = last.sort
        }
        #expect(paged == full)
        #expect(Set(paged).count == 60)
    }
}
