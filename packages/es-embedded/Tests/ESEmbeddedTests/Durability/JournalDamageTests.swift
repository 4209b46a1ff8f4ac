import CLIKitTesting
import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// Damage done byte by byte to the files of a real data directory: each case either recovers
/// every acknowledged write, or refuses to serve the index (or the engine) with the reason, and
/// `repair` then recovers every record that was intact.
@Suite struct JournalDamageTests {
    private static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    private func open(_ directory: URL, warnings: WarningLog = WarningLog(), checkpointBytes: Int = 64 << 20)
        throws -> EmbeddedSearchBackend
    {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: Self.clock, checkpointBytes: checkpointBytes,
                warn: warnings.sink))
    }

    /// Indexes `count` documents one request each, alternating between indices `a` and `b`
    /// (acknowledged: each is fsynced before it returns); the engine is dropped without a
    /// final snapshot, as a crash leaves it.
    private func write(_ count: Int, into directory: URL, close: Bool = false) async throws {
        let backend = try open(directory)
        for name in ["a", "b"] {
            _ = try await backend.createIndex(
                name,
                definition: IndexDefinition(
                    mappings: Mapping(dynamic: .strict) {
                        Property.integer("n")
                        Property.keyword("text")
                    }))
        }
        for number in 0..<count {
            _ = try await backend.index(
                number % 2 == 0 ? "a" : "b", id: "doc-\(number)",
                document: ["n": .int(number), "text": .string("document number \(number)")], refresh: .none)
        }
        if close { try backend.close() }
    }

    /// The ids present in an index (get by id is real-time).
    private func present(_ backend: EmbeddedSearchBackend, _ index: String, of count: Int) async throws
        -> Set<Int>
    {
        var found = Set<Int>()
        for number in stride(from: index == "a" ? 0 : 1, to: count, by: 2) {
            if try await backend.getDocument(index, id: "doc-\(number)").found { found.insert(number) }
        }
        return found
    }

    private func files(_ directory: URL, prefix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(prefix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The offsets of the intact records of a file, with the document id each writes.
    private func records(_ file: URL, magic: [UInt8], legacy: [UInt8]) throws -> [(
        offset: Int, end: Int, id: String?
    )] {
        let bytes = [UInt8](try Data(contentsOf: file))
        return RecordScanner.scan(bytes, magic: magic, legacyMagic: legacy).pieces.compactMap { piece in
            guard case .record(let record) = piece else { return nil }
            var id: String?
            if case .change(_, .put(_, let written, _, _, _))? = try? RecordCodec.decode(
                bytes[record.payload])
            {
                id = written
            }
            return (record.offset, record.payload.upperBound, id)
        }
    }

    private func segmentRecords(_ file: URL) throws -> [(offset: Int, end: Int, id: String?)] {
        try records(file, magic: RecordFraming.walMagic, legacy: RecordFraming.legacyWALMagic)
    }

    private func damage(_ file: URL, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        change(&bytes)
        try Data(bytes).write(to: file)
    }

    private func contents(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil)
        where file.lastPathComponent != "LOCK" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result[file.lastPathComponent] = try Data(contentsOf: file)
            }
        }
        return result
    }

    private static func number(_ id: String?) -> Int? {
        id.flatMap { Int($0.dropFirst(4)) }
    }

    // MARK: - Torn ends

    /// Cut at every byte of the last record of the newest segment: every acknowledged write but
    /// the torn one is there, and the engine serves everything.
    @Test func tornTailsOfEveryLengthLoseOnlyTheTornWrite() async throws {
        try await withTemporaryDirectory { root in
            let original = root.appendingPathComponent("original")
            try await write(6, into: original)
            let segment = try #require(try files(original, prefix: "wal-").last)
            let last = try #require(try segmentRecords(segment).last)
            let size = try Data(contentsOf: segment).count
            for length in (last.offset + 1)..<size {
                let copy = root.appendingPathComponent("cut-\(length)")
                try FileManager.default.copyItem(at: original, to: copy)
                let target = copy.appendingPathComponent(segment.lastPathComponent)
                try damage(target) { $0.removeLast($0.count - length) }
                let warnings = WarningLog()
                let backend = try open(copy, warnings: warnings)
                #expect(backend.recovery.tornTail?.offset == last.offset, "cut at \(length)")
                #expect(backend.recovery.failedIndices.isEmpty, "cut at \(length)")
                #expect(try await present(backend, "a", of: 6) == [0, 2, 4], "cut at \(length)")
                #expect(try await present(backend, "b", of: 6) == [1, 3], "cut at \(length)")
                #expect(
                    warnings.messages.contains {
                        $0.contains("torn write") && $0.contains("never acknowledged")
                    })
                try backend.close()
                try FileManager.default.removeItem(at: copy)
            }
        }
    }

    // MARK: - Damage in a segment

    /// A flipped bit in the middle record of the newest segment: index `b` is not served (its
    /// answer names the file, the offset and the repair command), index `a` keeps working, and
    /// `repair` keeps every intact record, those after the damage included.
    @Test func aFlippedBitInAMiddleRecordFailsItsIndexUntilRepaired() async throws {
        try await withTemporaryDirectory { directory in
            try await write(40, into: directory)
            let segment = try #require(try files(directory, prefix: "wal-").last)
            let target = try #require(try segmentRecords(segment).first { $0.id == "doc-21" })
            try damage(segment) { $0[target.offset + 70] ^= 0x04 }

            let backend = try open(directory)
            #expect(backend.recovery.failedIndices.keys.sorted() == ["b"])
            #expect(try await present(backend, "a", of: 40) == Set(stride(from: 0, to: 40, by: 2)))
            let error = await #expect(throws: ElasticsearchError.self) {
                _ = try await backend.getDocument("b", id: "doc-1")
            }
            #expect(error?.status == 503)
            #expect(error?.reason.contains(segment.lastPathComponent) == true)
            #expect(error?.reason.contains("at byte \(target.offset)") == true)
            #expect(error?.reason.contains("18 intact records follow it") == true)
            #expect(error?.reason.contains("es-embedded repair --data \(directory.path) --index b") == true)
            await #expect(throws: ElasticsearchError.self) {
                _ = try await backend.index("b", id: "new", document: ["n": 1], refresh: .none)
            }
            let all = try await backend.search("*", request: SearchRequest(query: .matchAll))
            #expect(all.shards.failed == 1)
            try backend.close()

            let before = try contents(directory)
            let report = try DataDirectoryCheck.run(directory: directory.path)
            #expect(try contents(directory) == before, "check changes nothing")
            #expect(report.failedIndices.keys.sorted() == ["b"])
            #expect(report.recordsARepairDrops == 1)

            let repaired = try DataDirectoryRepair.run(
                directory: directory.path, scope: .indices(["b"]), clock: Self.clock)
            #expect(repaired.dropped.count == 1)
            #expect(repaired.documents == ["a": 20, "b": 19])
            let moved = try #require(repaired.movedTo)
            #expect(FileManager.default.fileExists(atPath: moved + "/" + segment.lastPathComponent))

            let reopened = try open(directory)
            #expect(reopened.recovery.failedIndices.isEmpty)
            var expected = Set(stride(from: 1, to: 40, by: 2))
            expected.remove(21)
            #expect(try await present(reopened, "b", of: 40) == expected)
            #expect(try await present(reopened, "a", of: 40) == Set(stride(from: 0, to: 40, by: 2)))
        }
    }

    /// A flipped bit in the last, whole record: not a torn write (a crash cannot leave a whole
    /// record with a wrong checksum), so its index is not served until repaired.
    @Test func aFlippedBitInTheLastRecordIsNotTakenForATornWrite() async throws {
        try await withTemporaryDirectory { directory in
            try await write(10, into: directory)
            let segment = try #require(try files(directory, prefix: "wal-").last)
            let last = try #require(try segmentRecords(segment).last)
            #expect(last.id == "doc-9")
            try damage(segment) { $0[last.end - 2] ^= 0x80 }
            let backend = try open(directory)
            #expect(backend.recovery.tornTail == nil)
            #expect(backend.recovery.failedIndices.keys.sorted() == ["b"])
            #expect(try await present(backend, "a", of: 10) == [0, 2, 4, 6, 8])
        }
    }

    /// Damage in the header of a segment (its magic) costs no record: everything is served.
    @Test func aFlippedBitInASegmentHeaderLosesNothing() async throws {
        try await withTemporaryDirectory { directory in
            try await write(10, into: directory)
            let segment = try #require(try files(directory, prefix: "wal-").last)
            try damage(segment) { $0[3] ^= 0x01 }
            let warnings = WarningLog()
            let backend = try open(directory, warnings: warnings)
            #expect(backend.recovery.failedIndices.isEmpty)
            #expect(try await present(backend, "a", of: 10) == [0, 2, 4, 6, 8])
            #expect(try await present(backend, "b", of: 10) == [1, 3, 5, 7, 9])
            #expect(warnings.messages.contains { $0.contains("the file header is missing or wrong") })
        }
    }

    /// Damage in an older segment, while a later one exists: the cut end of a segment that is
    /// not the newest is damage, never a torn write.
    @Test func damageInAnOlderSegmentFailsItsIndex() async throws {
        try await withTemporaryDirectory { directory in
            try await write(10, into: directory)
            _ = try open(directory)  // a restart: a new segment after the first
            let segments = try files(directory, prefix: "wal-")
            #expect(segments.count == 2)
            let older = segments[0]
            let last = try #require(try segmentRecords(older).last)
            #expect(last.id == "doc-9")
            try damage(older) { $0.removeLast(5) }
            let backend = try open(directory)
            #expect(backend.recovery.tornTail == nil)
            #expect(backend.recovery.failedIndices.keys.sorted() == ["b"])
            try backend.close()
            let repaired = try DataDirectoryRepair.run(
                directory: directory.path, scope: .all, clock: Self.clock)
            #expect(repaired.documents.values.reduce(0, +) == 9)
        }
    }

    /// A zeroed page in the middle of a segment destroys whole records, headers included, so
    /// their index is unknown: the engine does not open (and changes nothing); `repair --all`
    /// keeps every record after the page.
    @Test func aZeroedPageKeepsTheEngineClosedUntilRepaired() async throws {
        try await withTemporaryDirectory { directory in
            try await write(120, into: directory)
            let segment = try #require(try files(directory, prefix: "wal-").last)
            let records = try segmentRecords(segment)
            let start = records[40].offset + 10
            try damage(segment) { bytes in
                for position in start..<(start + 4096) { bytes[position] = 0 }
            }
            let before = try contents(directory)
            let error = #expect(throws: EmbeddedEngineError.self) { _ = try open(directory) }
            guard case .damagedJournal(_, let damages)? = error else {
                Issue.record("expected damagedJournal, got \(String(describing: error))")
                return
            }
            #expect(damages.first?.offset == records[40].offset)
            #expect(
                "\(error.map { "\($0)" } ?? "")".contains("es-embedded repair --data \(directory.path) --all")
            )
            #expect(try contents(directory) == before, "a refused start changes nothing")
            #expect(throws: EmbeddedEngineError.self) {
                _ = try DataDirectoryRepair.run(
                    directory: directory.path, scope: .indices(["a", "b"]), clock: Self.clock)
            }
            let intact = Set(
                records.filter { $0.end <= start || $0.offset >= start + 4096 }.compactMap {
                    Self.number($0.id)
                })
            let repaired = try DataDirectoryRepair.run(
                directory: directory.path, scope: .all, clock: Self.clock)
            #expect(repaired.documents.values.reduce(0, +) == intact.count)
            let reopened = try open(directory)
            let found = try await present(reopened, "a", of: 120).union(
                try await present(reopened, "b", of: 120))
            #expect(found == intact)
        }
    }

    // MARK: - Damage in the snapshot

    /// A flipped bit in a document of the snapshot: that index is not served; repair keeps
    /// every other document of the snapshot and everything logged after it.
    @Test func aDamagedSnapshotRecordFailsItsIndexUntilRepaired() async throws {
        try await withTemporaryDirectory { directory in
            try await write(30, into: directory, close: true)
            let snapshot = directory.appendingPathComponent("snapshot.esj")
            let records = try records(
                snapshot, magic: RecordFraming.snapshotMagic, legacy: RecordFraming.legacySnapshotMagic)
            let target = try #require(records.first { $0.id == "doc-12" })
            try damage(snapshot) { $0[target.end - 4] ^= 0x10 }
            let damaged = try Data(contentsOf: snapshot)
            do {
                let backend = try open(directory)
                #expect(backend.recovery.failedIndices.keys.sorted() == ["a"])
                #expect(try await present(backend, "b", of: 30).count == 15)
                _ = try await backend.index("b", id: "doc-31", document: ["n": 31], refresh: .none)
                try backend.close()
            }
            #expect(try Data(contentsOf: snapshot) == damaged, "no new snapshot while an index is failed")
            let repaired = try DataDirectoryRepair.run(
                directory: directory.path, scope: .indices(["a"]), clock: Self.clock)
            #expect(repaired.documents == ["a": 14, "b": 16])
            let reopened = try open(directory)
            #expect(
                try await present(reopened, "a", of: 30)
                    == Set(stride(from: 0, to: 30, by: 2)).subtracting([12]))
            #expect(try await reopened.getDocument("b", id: "doc-31").found)
        }
    }

    /// Damage to the snapshot's own bookkeeping (its header record) fails the whole engine.
    @Test func aDamagedSnapshotHeaderKeepsTheEngineClosed() async throws {
        try await withTemporaryDirectory { directory in
            try await write(4, into: directory, close: true)
            let snapshot = directory.appendingPathComponent("snapshot.esj")
            try damage(snapshot) { $0[RecordFraming.magicLength + 30] ^= 0x02 }
            #expect(throws: EmbeddedEngineError.self) { _ = try open(directory) }
        }
    }

    // MARK: - Operator actions

    /// Deleting a failed index (as Elasticsearch deletes a red one) is the other way out: its
    /// damaged records no longer matter, and snapshots resume.
    @Test func deletingAFailedIndexDiscardsItsDamage() async throws {
        try await withTemporaryDirectory { directory in
            try await write(20, into: directory)
            let segment = try #require(try files(directory, prefix: "wal-").last)
            let target = try #require(try segmentRecords(segment).first { $0.id == "doc-7" })
            try damage(segment) { $0[target.offset + 60] ^= 0x01 }
            do {
                let backend = try open(directory)
                #expect(try await backend.indexExists("b"))
                _ = try await backend.deleteIndex("b")
                #expect(try await backend.indexExists("b") == false)
                _ = try await backend.createIndex("b", definition: IndexDefinition())
                _ = try await backend.index("b", id: "again", document: ["n": 1], refresh: .none)
                try backend.close()
            }
            let warnings = WarningLog()
            let reopened = try open(directory, warnings: warnings)
            #expect(reopened.recovery.failedIndices.isEmpty)
            #expect(try await reopened.getDocument("b", id: "again").found)
            #expect(try await present(reopened, "a", of: 20).count == 10)
        }
    }

    @Test func repairOfAnIntactDirectoryChangesNothing() async throws {
        try await withTemporaryDirectory { directory in
            try await write(6, into: directory)
            let before = try contents(directory)
            let report = try DataDirectoryRepair.run(
                directory: directory.path, scope: .all, clock: Self.clock)
            #expect(report.repaired == false)
            #expect(try contents(directory) == before)
        }
    }
}
