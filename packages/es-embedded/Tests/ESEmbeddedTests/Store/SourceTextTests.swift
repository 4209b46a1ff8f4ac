import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Each stored document keeps its `_source` as compact JSON text (and no tree); a search hands a
/// hit's text out only when the hit's `_source` is the whole document.
@Suite struct SourceTextTests {
    private static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    private static func document(_ number: Int, round: Int) -> JSONValue {
        [
            "code": .string("C\(number % 13)"), "round": .int(round),
            "title": .string("film \(number) \"round\" \(round) é\n"),
            "nested": ["list": [[.int(number), [.int(number + 1)]], []], "k": .bool(number % 2 == 0)],
        ]
    }

    private func allHits(_ backend: EmbeddedSearchBackend, source: SourceFilter? = nil) throws -> SearchResult
    {
        var request = SearchRequest(query: .matchAll, size: 5_000)
        request.source = source
        return try backend.search("films", request: request, options: SearchOptions())
    }

    /// Documents written again and again until the index compacts: the texts follow the live
    /// documents, before and after compaction.
    @Test func hitTextsAreTheirDocumentsAcrossReplacementsAndCompaction() async throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        _ = try await backend.createIndex(
            "films",
            definition: IndexDefinition(mappings: Mapping(dynamic: .true) { Property.keyword("code") }))
        let count = 1_100
        for round in 0..<3 {
            let written = try await backend.bulk(
                BulkRequest(
                    (0..<count).map {
                        .index(index: "films", id: "f\($0)", document: Self.document($0, round: round))
                    }, refresh: .immediate))
            #expect(!written.errors)
        }
        let deleted = try backend.engine.read { $0.indices["films"]?.writer.deletedCount }
        // Three rounds of 1,100 leave 2,200 replaced documents unless the index compacted.
        #expect(try #require(deleted) < 2 * count)

        let result = try allHits(backend)
        let hits = result.response.hits.hits
        #expect(hits.count == count)
        #expect(result.sourceTexts.count == count)
        for (hit, text) in zip(hits, result.sourceTexts) {
            let number = Int(hit.id.dropFirst()) ?? -1
            let parsed = try JSONValue(parsing: Data(try #require(text)))
            #expect(parsed == Self.document(number, round: 2))
            #expect(parsed == hit.source)
        }
        let deletedResult = try await backend.bulk(
            BulkRequest([.delete(index: "films", id: "f0")], refresh: .immediate))
        #expect(!deletedResult.errors)
        #expect(try allHits(backend).sourceTexts.count == count - 1)
    }

    @Test func filteredSourcesHaveNoText() async throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let written = try await backend.bulk(
            BulkRequest(
                [.index(index: "films", id: "f1", document: Self.document(1, round: 0))], refresh: .immediate)
        )
        #expect(!written.errors)
        #expect(try allHits(backend, source: SourceFilter(fetch: true)).sourceTexts.count == 1)
        #expect(try allHits(backend, source: SourceFilter(fetch: false)).sourceTexts.isEmpty)
        let filtered = try allHits(backend, source: SourceFilter(includes: ["code"]))
        #expect(filtered.sourceTexts.isEmpty)
        #expect(filtered.response.hits.hits.first?.source == ["code": "C1"])
        // Equality compares the values, not their text.
        var other = try allHits(backend)
        var again = try allHits(backend)
        other.sourceTexts = [Array("{}".utf8)]
        // `took` is the time each search measured: on a loaded machine two searches differ.
        again.response.took = other.response.took
        #expect(other == again)
    }
}
