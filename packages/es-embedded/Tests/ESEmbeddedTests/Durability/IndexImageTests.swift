import CLIKitTesting
import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Index images: a start that restores an index from its image answers exactly as one that
/// indexes the snapshot's documents again, and an image that cannot be trusted is ignored.
@Suite struct IndexImageTests {
    private static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    private func open(_ directory: URL, warnings: WarningLog = WarningLog()) throws -> EmbeddedSearchBackend {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: Self.clock, warn: warnings.sink))
    }

    /// The index image files in `directory` (`snapshot-<lsn>.esi`).
    private func imageFiles(_ directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".esi")
        }.sorted().map { directory.appendingPathComponent($0) }
    }

    private static let mapping = Mapping(dynamic: .true) {
        Property.keyword("code")
        Property.keyword("tags")
        Property.text("title")
        Property.integer("year")
        Property.float("rating")
        Property.boolean("featured")
        Property.date("published")
        Property.nested("windows") {
            Property.keyword("country")
            Property.date("start")
        }
    }

    /// Documents of every field kind, several values per field, replaced and deleted ones (dead
    /// document numbers), dynamic fields, and writes after the last refresh.
    private func fill(_ backend: EmbeddedSearchBackend) async throws {
        _ = try await backend.createIndex("films", definition: IndexDefinition(mappings: Self.mapping))
        _ = try await backend.createIndex("empty", definition: IndexDefinition())
        let words = ["heat", "river", "night", "city", "storm", "gold", "lion"]
        var operations: [BulkOperation] = []
        for number in 0..<300 {
            let document: JSONValue = [
                "code": .string("C\(number % 17)"),
                "tags": .array((0..<(number % 4)).map { .string("t\($0)") }),
                "title": .string(
                    (0..<(1 + number % 3)).map { words[($0 * 3 + number) % words.count] }.joined(
                        separator: " ")),
                "year": .int(1950 + number % 70), "rating": .double(Double(number % 10) / 2),
                "featured": .bool(number % 3 == 0),
                "published": .string("2020-01-\(10 + number % 18)T00:00:00Z"),
                "windows": .array(
                    (0..<(number % 3)).map {
                        ["country": .string(["KE", "ZA", "NG"][$0]), "start": .string("2021-0\($0 + 1)-01")]
                    }),
                "extra\(number % 5)": .int(number),
            ]
            operations.append(.index(index: "films", id: "f\(number)", document: document))
        }
        _ = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        for number in stride(from: 0, to: 300, by: 7) {
            _ = try await backend.index(
                "films", id: "f\(number)", document: ["code": "C99", "year": 2030], refresh: .none)
        }
        _ = try await backend.bulk(
            BulkRequest((0..<20).map { .delete(index: "films", id: "f\($0 * 11 + 1)") }))
        _ = try await backend.index(
            "films", id: "late", document: ["code": "C1", "year": 1999], refresh: .none)
    }

    private static let queries: [SearchRequest] = [
        SearchRequest(
            query: .matchAll, size: 400, sort: [SortField("year"), SortField("code", order: .desc)]),
        SearchRequest(query: .match("title", "heat river"), size: 50),
        SearchRequest(query: .term("code", "C3"), size: 50, sort: [SortField("rating", order: .desc)]),
        SearchRequest(query: .terms("tags", ["t1", "t2"]), size: 50, sort: [SortField("tags", mode: .max)]),
        SearchRequest(query: .range("year", gte: 1960, lt: 1980), size: 50, sort: [SortField("published")]),
        SearchRequest(
            query: .range("published", gte: "2020-01-15"), size: 50, sort: [SortField("year", order: .desc)]),
        SearchRequest(query: .bool(filter: [.term("featured", true)], mustNot: [.exists("tags")]), size: 50),
        SearchRequest(query: .nested(path: "windows", query: .term("windows.country", "ZA")), size: 50),
        SearchRequest(query: .exists("extra3"), size: 50, sort: [SortField("extra3")]),
    ]

    private func answers(_ backend: EmbeddedSearchBackend) async throws -> [SearchResponse] {
        var responses: [SearchResponse] = []
        for request in Self.queries {
            var response = try await backend.search("films", request: request)
            response.took = 0
            responses.append(response)
        }
        return responses
    }

    /// Restored from its image, an index answers exactly as it did before the restart (scores,
    /// ties and sort values included: its document numbers and statistics are the same); indexed
    /// again from the snapshot's documents, it finds the same documents (its scores differ: the
    /// replaced documents that still counted in its statistics are gone).
    @Test func aRestoredIndexAnswersAsBeforeTheRestart() async throws {
        try await withTemporaryDirectory { directory in
            let expected: [SearchResponse]
            do {
                let backend = try open(directory)
                try await fill(backend)
                _ = try await backend.refresh(nil)
                // A write after the refresh: the snapshot holds unrefreshed points too.
                _ = try await backend.index(
                    "films", id: "later", document: ["code": "C2", "year": 1955], refresh: .none)
                _ = try await backend.refresh(nil)
                expected = try await answers(backend)
                _ = try await backend.index(
                    "films", id: "unrefreshed", document: ["year": 1901], refresh: .none)
                _ = try backend.deleteDocument("films", id: "unrefreshed")
                try backend.close()
            }
            #expect(imageFiles(directory).count == 1)
            let restored = try open(directory)
            #expect(restored.recovery.restoredIndexImages == ["empty", "films"])
            _ = try await restored.refresh(nil)
            let fromImages = try await answers(restored)
            for (position, (got, wanted)) in zip(fromImages, expected).enumerated() {
                #expect(got == wanted, "query \(position) differs after restoring the image")
            }
            try restored.close()

            for file in imageFiles(directory) { try FileManager.default.removeItem(at: file) }
            let reindexed = try open(directory)
            #expect(reindexed.recovery.restoredIndexImages.isEmpty)
            _ = try await reindexed.refresh(nil)
            let fromDocuments = try await answers(reindexed)
            for (position, (got, wanted)) in zip(fromDocuments, expected).enumerated() {
                #expect(got.hits.total == wanted.hits.total, "query \(position)")
                // Scores differ (replaced documents no longer count), so the best 50 may too.
                if (wanted.hits.total?.value ?? 0) <= wanted.ids.count {
                    #expect(Set(got.ids) == Set(wanted.ids), "query \(position)")
                }
            }
            #expect(expected.allSatisfy { ($0.hits.total?.value ?? 0) > 0 }, "every query matches something")
            #expect(try await reindexed.getDocument("films", id: "f7").version == 2)
            #expect(try await reindexed.getDocument("films", id: "f12").found == false)
            #expect(try await reindexed.count("films", request: CountRequest()).count == 282)
        }
    }

    /// After a restore, writes go on as before: versions continue, replaced documents drop out.
    @Test func writesContinueOnARestoredIndex() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend)
                try backend.close()
            }
            let restored = try open(directory)
            #expect(restored.recovery.restoredIndexImages.contains("films"))
            let replaced = try await restored.index(
                "films", id: "f7", document: ["code": "C7", "year": 2031], refresh: .immediate)
            #expect(replaced.version == 3)
            let again = try await restored.index(
                "films", id: "f12", document: ["code": "C12"], refresh: .immediate)
            #expect(again.version == 3)
            #expect(
                try await restored.search("films", request: SearchRequest(query: .term("code", "C99"))).hits
                    .total?.value == 39)
            #expect(
                try await restored.search("films", request: SearchRequest(query: .term("year", 2031))).ids
                    == ["f7"])
        }
    }

    /// A damaged image, or one written for another snapshot, is ignored: the documents are
    /// indexed again and every answer is the same.
    @Test func anImageThatCannotBeTrustedIsIgnored() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend)
                try backend.close()
            }
            let intact = try DataDirectoryCheck.run(directory: directory.path)
            #expect(
                intact.indexImages
                    == DataDirectoryReport.IndexImages(usable: ["empty", "films"], problem: nil))
            let image = try #require(imageFiles(directory).first)
            let original = try Data(contentsOf: image)
            var damaged = [UInt8](original)
            damaged[damaged.count / 2] ^= 0x20
            try Data(damaged).write(to: image)
            let checked = try DataDirectoryCheck.run(directory: directory.path)
            #expect(checked.indexImages?.usable == ["empty"])
            #expect(checked.indexImages?.problem != nil)
            #expect(!checked.needsRepair, "the images are a cache: their damage needs no repair")
            let warnings = WarningLog()
            let reopened = try open(directory, warnings: warnings)
            #expect(reopened.recovery.restoredIndexImages == ["empty"])
            #expect(warnings.messages.contains { $0.contains("index images") })
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("films", request: CountRequest()).count == 281)
            _ = try await reopened.index("films", id: "new", document: ["code": "C1"], refresh: .none)
            try reopened.close()

            // The previous snapshot's image under the name of the current one's: its header says
            // another lsn.
            let current = try #require(imageFiles(directory).first)
            #expect(current != image, "a new snapshot, new images")
            try original.write(to: current)
            let warned = WarningLog()
            let stale = try open(directory, warnings: warned)
            #expect(stale.recovery.restoredIndexImages.isEmpty)
            #expect(warned.messages.contains { $0.contains("another snapshot") })
            _ = try await stale.refresh(nil)
            #expect(try await stale.count("films", request: CountRequest()).count == 282)
        }
    }

    /// A snapshot killed while its images were written leaves a `snapshot-<lsn>.esi.tmp`: it is never
    /// read, the start removes it, and the previous images still serve their snapshot.
    @Test func aTornTemporaryImageFileNeverMatters() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend)
                try backend.close()
            }
            let file = try #require(imageFiles(directory).first)
            let image = try Data(contentsOf: file)
            let temporary = URL(fileURLWithPath: file.path + ".tmp")
            try image.prefix(image.count / 3).write(to: temporary)
            let reopened = try open(directory)
            #expect(reopened.recovery.restoredIndexImages == ["empty", "films"])
            #expect(!FileManager.default.fileExists(atPath: temporary.path))
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("films", request: CountRequest()).count == 281)
        }
    }

    /// A kill after the images of a new snapshot are in place but before the snapshot is leaves
    /// two image files: the start restores from those of the snapshot it finds, and removes the
    /// others (the images of the snapshot in place are never overwritten before it is replaced).
    @Test func imagesOfASnapshotThatNeverLandedLeaveTheCurrentOnesInUse() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend)
                try backend.close()
            }
            let current = try #require(imageFiles(directory).first)
            let newer = directory.appendingPathComponent("snapshot-9999999999999999.esi")
            try FileManager.default.copyItem(at: current, to: newer)
            let reopened = try open(directory)
            #expect(reopened.recovery.restoredIndexImages == ["empty", "films"])
            #expect(imageFiles(directory) == [current])
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("films", request: CountRequest()).count == 281)
        }
    }
}
