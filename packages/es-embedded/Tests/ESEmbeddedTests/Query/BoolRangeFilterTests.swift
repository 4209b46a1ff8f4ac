import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Ranges in a bool filter are checked on the candidates the other clauses leave when that
/// is cheaper; both ways must give the same documents, multi-valued fields included.
@Suite struct BoolRangeFilterTests {
    @Test func checkedAndCollectedRangesAgree() async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 0)))
        var operations: [BulkOperation] = []
        for number in 0..<300 {
            let values: JSONValue = number % 3 == 0 ? [.int(number), .int(number + 1000)] : .int(number)
            operations.append(
                .index(
                    index: "n", id: "\(number)",
                    document: ["v": values, "tag": number % 10 == 0 ? "rare" : "common"]))
        }
        operations.append(.index(index: "n", id: "gap", document: ["v": [1, 10], "tag": "rare"]))
        operations.append(.index(index: "n", id: "none", document: ["tag": "rare"]))
        _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        func ids(_ query: Query) throws -> [String] {
            try backend.searchNow("n", request: SearchRequest(query: query, size: 500)).ids.sorted()
        }
        for (lower, upper) in [(4, 6), (0, 299), (1000, 1100), (150, 1150), (-5, 2)] as [(Int, Int)] {
            let range = Query.range("v", gte: .int(lower), lte: .int(upper))
            let checked = try ids(.bool(filter: [.term("tag", "rare"), range]))
            let collected = try ids(.bool(must: [.term("tag", "rare")], filter: [.bool(filter: [range])]))
            #expect(checked == collected, "range \(lower)...\(upper)")
            let everything = try ids(.bool(filter: [range]))
            #expect(Set(checked).isSubset(of: Set(everything)))
        }
        #expect(try ids(.bool(filter: [.term("tag", "rare"), .range("v", gte: 4, lte: 6)])) == [])
    }
}
