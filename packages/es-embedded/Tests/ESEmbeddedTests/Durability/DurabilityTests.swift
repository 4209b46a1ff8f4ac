import CLIKitTesting
import ESModels
import Foundation
import Testing

@testable import ESEmbedded

@Suite struct DurabilityTests {
    private func open(_ directory: URL, warnings: WarningLog = WarningLog(), checkpointBytes: Int = 64 << 20)
        throws
        -> EmbeddedSearchBackend
    {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)),
                checkpointBytes: checkpointBytes, warn: warnings.sink))
    }

    private func walFiles(_ directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("wal-") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private func fill(_ backend: EmbeddedSearchBackend) async throws {
        let mapping = Mapping(dynamic: .strict) {
            Property.keyword("code")
            Property.integer("rank")
        }
        _ = try await backend.createIndex("territories-v1", definition: IndexDefinition(mappings: mapping))
        _ = try await backend.bulk(
            BulkRequest(
                (0..<20).map {
                    .index(
                        index: "territories-v1", id: "t\($0)",
                        document: ["code": .string("C\($0)"), "rank": .int($0)])
                }))
        _ = try await backend.index(
            "territories-v1", id: "t3", document: ["code": "C3", "rank": 300], refresh: .none)
        _ = try await backend.bulk(BulkRequest([.delete(index: "territories-v1", id: "t4")]))
        _ = try await backend.updateAliases([.add(index: "territories-v1", alias: "territories")])
        _ = try await backend.putMapping("territories-v1", mapping: Mapping { Property.keyword("region") })
        _ = try await backend.index(
            "territories-v1", id: "t5", document: ["code": "C5", "region": "east"], refresh: .none)
    }

    private func checkFilled(_ backend: EmbeddedSearchBackend) async throws {
        #expect(try await backend.count("territories", request: CountRequest()).count == 19)
        let t3 = try await backend.getDocument("territories", id: "t3")
        #expect(t3.version == 2)
        #expect(t3.source == ["code": "C3", "rank": 300])
        #expect(try await backend.getDocument("territories", id: "t4").found == false)
        #expect(
            try await backend.search("territories", request: SearchRequest(query: .term("region", "east")))
                .ids == ["t5"])
        #expect(
            try await backend.search("territories", request: SearchRequest(query: .range("rank", gte: 300)))
                .ids == ["t3"])
        let again = try await backend.index("territories", id: "t4", document: ["code": "C4"], refresh: .none)
        #expect(again.version == 3)
        #expect(again.seqNo == 23)
    }

    @Test func acknowledgedWritesSurviveARestartWithoutClose() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend)
            }
            let reopened = try open(directory)
            try await checkFilled(reopened)
        }
    }

    @Test func snapshotsReplaceOldLogSegments() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory, checkpointBytes: 512)
                try await fill(backend)
                try backend.close()
            }
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.esj").path))
            #expect(try walFiles(directory).count == 1)
            let warnings = WarningLog()
            let reopened = try open(directory, warnings: warnings)
            try await checkFilled(reopened)
            #expect(warnings.messages.isEmpty)
        }
    }

    /// Sources are kept parsed in memory and written as JSON: searches and gets answer the same
    /// `_source` before a restart, after replaying the log, and after loading a snapshot.
    @Test func sourcesAreTheSameBeforeAndAfterARestart() async throws {
        let fields: [String: JSONValue] = [
            "title": "Heat \"1995\" \\ é 東京", "year": 1995, "score": 7.5, "big": 1e20, "flags": [true, nil],
            "cast": [["name": "Al", "roles": ["Vincent"]], ["name": "Robert", "roles": []]],
        ]
        let document = JSONValue.object(fields.merging(["nan": .double(.nan)]) { $1 })
        let expected = JSONValue.object(fields.merging(["nan": nil]) { $1 })
        let updated = expected.merging(["year": 1996, "extra": ["k": "v"]])
        func answers(_ backend: EmbeddedSearchBackend) async throws -> [JSONValue?] {
            let hits = try await backend.search("films", request: SearchRequest(sort: [SortField("year")]))
            return try await hits.hits.hits.map(\.source) + [backend.getDocument("films", id: "2").source]
        }
        for checkpointBytes in [64 << 20, 256] {
            try await withTemporaryDirectory { directory in
                do {
                    let backend = try open(directory, checkpointBytes: checkpointBytes)
                    // Unmapped fields stay in `_source` only: a non-finite number can get there.
                    let mapping = Mapping(dynamic: .false) {
                        Property.integer("year")
                        Property.keyword("title")
                    }
                    _ = try await backend.createIndex("films", definition: IndexDefinition(mappings: mapping))
                    _ = try await backend.index("films", id: "1", document: document, refresh: .none)
                    _ = try await backend.index("films", id: "2", document: document, refresh: .none)
                    _ = try backend.updateDocument(
                        "films", id: "2", update: DocumentUpdate(doc: ["year": 1996, "extra": ["k": "v"]]),
                        refresh: .immediate)
                    #expect(try await answers(backend) == [expected, updated, updated])
                    if checkpointBytes < 1024 { try backend.close() }
                }
                let reopened = try open(directory)
                #expect(try await answers(reopened) == [expected, updated, updated])
            }
        }
    }

    @Test func backgroundSnapshotsAndLaterWritesCombine() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory, checkpointBytes: 2_000)
                _ = try await backend.createIndex("log", definition: IndexDefinition())
                for batch in 0..<20 {
                    _ = try await backend.bulk(
                        BulkRequest(
                            (0..<10).map {
                                .index(
                                    index: "log", id: "\(batch)-\($0)", document: ["n": .int(batch * 10 + $0)]
                                )
                            }))
                }
                try backend.close()
            }
            let reopened = try open(directory)
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("log", request: CountRequest()).count == 200)
        }
    }

    /// A torn last record (the write a crash interrupted, never acknowledged) is dropped with a
    /// warning; everything before it is kept.
    @Test func tornLastRecordIsSkippedWithAWarning() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                _ = try await backend.createIndex("log", definition: IndexDefinition())
                for number in 0..<5 {
                    _ = try await backend.index(
                        "log", id: "\(number)", document: ["n": .int(number)], refresh: .none)
                }
            }
            let segment = try #require(try walFiles(directory).last)
            let bytes = try Data(contentsOf: segment)
            try bytes.prefix(bytes.count - 3).write(to: segment)
            let warnings = WarningLog()
            let reopened = try open(directory, warnings: warnings)
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("log", request: CountRequest()).count == 4)
            #expect(warnings.messages.count == 1)
            #expect(warnings.messages.first?.contains("the record is cut short") == true)
            #expect(warnings.messages.first?.contains("torn write") == true)
            #expect(warnings.messages.first?.contains("never acknowledged") == true)
            _ = try await reopened.index("log", id: "after", document: ["n": 9], refresh: .immediate)
            try reopened.close()
            let quiet = WarningLog()
            let third = try open(directory, warnings: quiet)
            #expect(try await third.count("log", request: CountRequest()).count == 5)
            #expect(quiet.messages.isEmpty)
        }
    }

    @Test func aDataDirectoryServesOneEngineAtATime() async throws {
        try await withTemporaryDirectory { directory in
            let first = try open(directory)
            #expect(throws: EmbeddedEngineError.dataDirectoryLocked(path: directory.path)) {
                _ = try open(directory)
            }
            try first.close()
        }
    }
}

/// What keeps restarts short: a snapshot after a large replay, a snapshot once the interval has
/// passed, and a torn `snapshot.tmp` that never matters.
@Suite struct CheckpointTests {
    private func open(
        _ directory: URL, checkpointBytes: Int = 64 << 20, interval: Duration = .seconds(600)
    ) throws -> EmbeddedSearchBackend {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)),
                checkpointBytes: checkpointBytes, checkpointInterval: interval, warn: { _ in }))
    }

    private func fill(_ backend: EmbeddedSearchBackend, from first: Int, count: Int) async throws {
        for batch in stride(from: first, to: first + count, by: 50) {
            _ = try await backend.bulk(
                BulkRequest(
                    (batch..<(batch + 50)).map {
                        .index(
                            index: "log", id: "\($0)", document: ["n": .int($0), "text": "some words to log"])
                    }))
        }
    }

    private func segments(_ directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("wal-") }
            .count
    }

    /// Crashed engines leave their log behind (no final snapshot); the engine that replays a
    /// large log writes a snapshot at once, so the next start does not replay it again.
    @Test func aLargeReplayIsFollowedByASnapshot() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let crashed = try open(directory, checkpointBytes: 1 << 30)
                try await fill(crashed, from: 0, count: 2_000)
            }
            let reopened = try open(directory, checkpointBytes: 64 << 10)
            #expect(
                reopened.recovery.replayedRecords == 2_002,
                "the index's creation, its dynamic mapping, 2,000 writes")
            // close() waits for the background snapshot first, which then leaves one segment.
            try reopened.close()
            #expect(try segments(directory) == 1)
            let third = try open(directory)
            #expect(third.recovery.replayedRecords == 0)
            #expect(third.recovery.snapshotRecords > 2_000)
            _ = try await third.refresh(nil)
            #expect(try await third.count("log", request: CountRequest()).count == 2_000)
        }
    }

    /// Past `checkpointInterval` any write starts a snapshot, however little was logged.
    @Test func anOldLogIsSnapshottedByTheNextWrite() async throws {
        try await withTemporaryDirectory { directory in
            let backend = try open(directory, interval: .zero)
            try await fill(backend, from: 0, count: 50)
            let snapshot = directory.appendingPathComponent("snapshot.esj").path
            await backend.engine.backgroundSnapshotsFinished()
            #expect(FileManager.default.fileExists(atPath: snapshot))
        }
    }

    /// A `snapshot.tmp` cut short by a crash (or a second signal) is never read, and is removed.
    @Test func aTornTemporarySnapshotNeverMatters() async throws {
        try await withTemporaryDirectory { directory in
            do {
                let backend = try open(directory)
                try await fill(backend, from: 0, count: 100)
                try backend.close()
            }
            let temporary = directory.appendingPathComponent("snapshot.tmp")
            let snapshot = try Data(contentsOf: directory.appendingPathComponent("snapshot.esj"))
            try snapshot.prefix(snapshot.count / 2).write(to: temporary)
            let reopened = try open(directory)
            #expect(reopened.recovery.removedTemporarySnapshot)
            #expect(!FileManager.default.fileExists(atPath: temporary.path))
            _ = try await reopened.refresh(nil)
            #expect(try await reopened.count("log", request: CountRequest()).count == 100)
            try reopened.close()
            try Data().write(to: temporary)  // a final snapshot killed as it began
            let third = try open(directory)
            #expect(third.recovery.removedTemporarySnapshot)
            #expect(third.recovery.failedIndices.isEmpty)
            #expect(try await third.count("log", request: CountRequest()).count == 100)
        }
    }
}
