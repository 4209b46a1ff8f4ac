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
}
