import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Sorts on several keys skip reading the later keys of documents that lose on the first one;
/// the pages must be exactly those of a plain sort of every document.
@Suite struct MultiKeySortTests {
    private struct Row {
        var id: String
        var rank: Int?
        var name: String
    }

    /// Rows with many ties on `rank`, some without one, in the order they are indexed.
    private static func rows(ascending: Bool) -> [Row] {
        var generator = SystemRandomNumberGenerator()
        return (0..<600).map { number in
            let rank = ascending ? number / 7 : Int(generator.next() % 40)
            return Row(
                id: "d\(number)", rank: number % 13 == 0 ? nil : rank,
                name: "n\(Int(generator.next() % 1000))")
        }
    }

    private func engine(_ rows: [Row]) async throws -> EmbeddedSearchBackend {
        let backend = EmbeddedSearchBackend(clock: .system)
        let mapping = Mapping(dynamic: .strict) {
            Property.integer("rank")
            Property.keyword("name")
        }
        _ = try await backend.createIndex("rows", definition: IndexDefinition(mappings: mapping))
        let operations = rows.map { row -> BulkOperation in
            var document: [String: JSONValue] = ["name": .string(row.name)]
            if let rank = row.rank { document["rank"] = .int(rank) }
            return .index(index: "rows", id: row.id, document: .object(document))
        }
        _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        return backend
    }

    /// The ids a plain sort gives: rank (missing last, or first, or as `missingRank`), then name,
    /// then the order of indexing.
    private static func expected(
        _ rows: [Row], descending: Bool, missingFirst: Bool, missingRank: Int?, from: Int, size: Int
    ) -> [String] {
        let ordered = rows.enumerated().sorted { left, right in
            let (a, b) = (left.element.rank ?? missingRank, right.element.rank ?? missingRank)
            if a != b {
                guard let a else { return missingFirst }
                guard let b else { return !missingFirst }
                return descending ? a > b : a < b
            }
            if left.element.name != right.element.name { return left.element.name < right.element.name }
            return left.offset < right.offset
        }
        return ordered.dropFirst(from).prefix(size).map(\.element.id)
    }

    @Test(arguments: [true, false])
    func pagesMatchAPlainSortOfEveryDocument(indexedAscending: Bool) async throws {
        let rows = Self.rows(ascending: indexedAscending)
        let backend = try await engine(rows)
        for descending in [true, false] {
            for (missing, missingFirst, missingRank) in [
                (SortField.Missing?.none, false, Int?.none), (.first, true, nil),
                (.value(.int(20)), false, 20),
            ] {
                for (from, size) in [(0, 1), (0, 20), (40, 20), (0, 600)] {
                    let request = SearchRequest(
                        from: from, size: size,
                        sort: [
                            SortField("rank", order: descending ? .desc : .asc, missing: missing),
                            SortField("name"),
                        ])
                    let ids = try await backend.search("rows", request: request).hits.hits.map(\.id)
                    #expect(
                        ids
                            == Self.expected(
                                rows, descending: descending, missingFirst: missingFirst,
                                missingRank: missingRank, from: from, size: size),
                        "descending \(descending), missing \(String(describing: missing)), from \(from), size \(size)"
                    )
                }
            }
        }
    }
}
