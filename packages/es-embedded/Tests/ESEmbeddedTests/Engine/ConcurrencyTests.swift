import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Concurrent writers and readers on one engine: every write lands, searches always see a
/// consistent snapshot (a document and its nested objects together).
@Suite struct ConcurrencyTests {
    @Test func concurrentWritersAndReaders() async throws {
        let backend = EmbeddedSearchBackend(clock: .system)
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("writer")
            Property.integer("n")
            Property.nested("parts") { Property.integer("n") }
        }
        _ = try await backend.createIndex("shared", definition: IndexDefinition(mappings: mapping))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for batch in 0..<25 {
                        let operations = (0..<8).map { number in
                            BulkOperation.index(
                                index: "shared", id: "\(writer)-\(batch)-\(number)",
                                document: [
                                    "writer": .string("w\(writer)"), "n": .int(number),
                                    "parts": [["n": .int(number)], ["n": .int(number + 100)]],
                                ])
                        }
                        let response = try await backend.bulk(
                            BulkRequest(operations, refresh: batch % 5 == 0 ? .immediate : .none))
                        #expect(!response.errors)
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        // Within one snapshot every document has its nested objects.
                        let orphans = try await backend.search(
                            "shared",
                            request: SearchRequest(
                                query: .bool(mustNot: [
                                    .nested(path: "parts", query: .range("parts.n", gte: 100))
                                ]),
                                size: 0, trackTotalHits: .accurate))
                        #expect(orphans.hits.total?.value == 0)
                    }
                }
            }
            try await group.waitForAll()
        }
        _ = try await backend.refresh(nil)
        #expect(try await backend.count("shared", request: CountRequest()).count == 800)
        for writer in 0..<4 {
            let count = try await backend.count(
                "shared", request: CountRequest(query: .term("writer", .string("w\(writer)"))))
            #expect(count.count == 200)
        }
    }

    /// Replacing and deleting many documents compacts the index without losing anything.
    @Test func compactionKeepsCurrentDocuments() async throws {
        let backend = EmbeddedSearchBackend(clock: .system)
        for round in 0..<6 {
            let operations = (0..<500).map {
                BulkOperation.index(
                    index: "churn", id: "\($0)", document: ["round": .int(round), "n": .int($0)])
            }
            _ = try await backend.bulk(BulkRequest(operations))
        }
        _ = try await backend.bulk(
            BulkRequest(
                (0..<100).map { BulkOperation.delete(index: "churn", id: "\($0)") }, refresh: .immediate))
        #expect(try await backend.count("churn", request: CountRequest()).count == 400)
        #expect(
            try await backend.count("churn", request: CountRequest(query: .term("round", 5))).count == 400)
        let sorted = try await backend.search(
            "churn", request: SearchRequest(size: 3, sort: [SortField("n", order: .desc)]))
        #expect(sorted.ids == ["499", "498", "497"])
        #expect(sorted.hits.hits.first?.source == ["round": 5, "n": 499])
        let stored = try #require(backend.engine.read { $0.indices["churn"]?.writer })
        // 3,100 writes, yet far fewer stored documents: replaced ones were compacted away.
        #expect(stored.ids.count < 2_000)
        #expect(try await backend.getDocument("churn", id: "250").version == 6)
    }
}
