import ESModels
import Testing

@testable import ESEmbedded

/// Reading log segments byte by byte damaged: what is a torn end, what is damage, and what each
/// damage costs (which records, of which index, and what follows it).
@Suite struct JournalFileReaderTests {
    /// A segment of `count` put records (lsn `first...`) alternating between indices `a` and `b`.
    private static func segment(_ count: Int, first: UInt64 = 1) -> (bytes: [UInt8], offsets: [Int]) {
        var writer = ByteWriter(bytes: RecordFraming.walMagic)
        var offsets: [Int] = []
        for number in 0..<count {
            let lsn = first + UInt64(number)
            let record = StoredRecord.change(
                lsn: lsn,
                .put(
                    index: number % 2 == 0 ? "a" : "b", id: "doc-\(number)", version: 1, seqNo: number,
                    source: ["n": .int(number), "text": .string(String(repeating: "x", count: 40))]))
            offsets.append(writer.bytes.count)
            RecordFraming.frame(into: &writer, sequence: lsn, scope: record.scope) {
                RecordCodec.encode(record, into: &$0)
            }
        }
        return (writer.bytes, offsets)
    }

    private static func read(
        _ bytes: [UInt8], newest: Bool = true, first: UInt64 = 1, next: UInt64? = nil
    ) -> (summary: JournalFileSummary, lsns: [UInt64]) {
        var lsns: [UInt64] = []
        let summary = JournalFileReader.read(
            path: "wal", bytes: bytes,
            role: .segment(firstLSN: first, nextFirstLSN: newest ? nil : next), hints: true
        ) { event in
            if case .record(let record, _) = event, let lsn = record.lsn { lsns.append(lsn) }
        }
        return (summary, lsns)
    }

    @Test func intactSegmentsReadEveryRecordInOrder() {
        let (bytes, _) = Self.segment(10)
        let (summary, lsns) = Self.read(bytes)
        #expect(lsns == Array(1...10))
        #expect(summary.damages.isEmpty)
        #expect(summary.tornTail == nil)
        #expect(summary.recordsByIndex == ["a": 5, "b": 5])
        #expect(summary.lastSequence == 10)
    }

    /// Every cut inside the last record, its header included, is a torn write: the records
    /// before it are all there and nothing is reported as damage.
    @Test func aCutAtAnyByteOfTheLastRecordIsATornTail() {
        let (bytes, offsets) = Self.segment(4)
        let last = offsets[3]
        for length in (last + 1)..<bytes.count {
            let (summary, lsns) = Self.read(Array(bytes.prefix(length)))
            #expect(lsns == [1, 2, 3], "cut at \(length)")
            #expect(summary.damages.isEmpty, "cut at \(length)")
            #expect(summary.tornTail?.offset == last, "cut at \(length)")
            #expect(summary.tornTail?.droppedBytes == length - last, "cut at \(length)")
        }
        let exact = Self.read(Array(bytes.prefix(last)))
        #expect(exact.summary.tornTail == nil && exact.lsns == [1, 2, 3])
    }

    @Test func garbageOrZerosAppendedAreATornTail() {
        let (bytes, _) = Self.segment(3)
        for tail in [[UInt8](repeating: 0, count: 100), (0..<100).map { UInt8(($0 * 37 + 11) % 256) }] {
            let (summary, lsns) = Self.read(bytes + tail)
            #expect(lsns == [1, 2, 3])
            #expect(summary.damages.isEmpty)
            #expect(summary.tornTail?.droppedBytes == 100)
        }
    }

    /// The same cut in a segment that is not the newest is damage: later segments exist, so
    /// that write was followed by others.
    @Test func aCutInAnOlderSegmentIsDamage() {
        let (bytes, offsets) = Self.segment(4)
        let (summary, lsns) = Self.read(Array(bytes.dropLast(5)), newest: false, next: 5)
        #expect(lsns == [1, 2, 3])
        #expect(summary.tornTail == nil)
        let damage = summary.damages.first
        #expect(damage?.offset == offsets[3])
        #expect(damage?.lostRecords == 1)
        #expect(damage?.lostSequences == 4...4)
        #expect(damage?.lostByIndex == ["b": 1])
        #expect(damage?.unattributed == 0)
    }

    /// One bit flipped in the payload of a middle record: that record is lost, its header says
    /// which one and of which index, and every record after it is read.
    @Test func aFlippedBitInAMiddleRecordIsDamageAndTheRecordsAfterItAreRead() {
        let (bytes, offsets) = Self.segment(9)
        var damaged = bytes
        damaged[offsets[4] + 60] ^= 0x08
        let (summary, lsns) = Self.read(damaged)
        #expect(lsns == [1, 2, 3, 4, 6, 7, 8, 9])
        #expect(summary.tornTail == nil)
        #expect(summary.damages.count == 1)
        let damage = summary.damages[0]
        #expect(damage.offset == offsets[4])
        #expect(damage.length == offsets[5] - offsets[4])
        #expect(damage.reason == "the record's checksum does not match")
        #expect(damage.lostSequences == 5...5)
        #expect(damage.lostByIndex == ["a": 1])
        #expect(damage.intactRecordsAfter == 4)
        #expect(!damage.affectsEngine)
        #expect(damage.hints.first?.contains("doc-4") == true)
    }

    /// A flipped bit in the last, complete record of the newest segment is damage too: a crash
    /// cannot leave a whole record with a wrong checksum.
    @Test func aFlippedBitInTheLastWholeRecordIsDamage() {
        let (bytes, offsets) = Self.segment(5)
        var damaged = bytes
        damaged[bytes.count - 3] ^= 0x40
        let (summary, lsns) = Self.read(damaged)
        #expect(lsns == [1, 2, 3, 4])
        #expect(summary.tornTail == nil)
        #expect(summary.damages.first?.offset == offsets[4])
        #expect(summary.damages.first?.lostRecords == 1)
        #expect(summary.damages.first?.lostByIndex == ["a": 1])
    }

    /// A damaged header whose payload is intact: the payload says what the record was.
    @Test func aFlippedBitInARecordHeaderIsAttributedFromItsPayload() {
        let (bytes, offsets) = Self.segment(6)
        var damaged = bytes
        damaged[offsets[2] + 9] ^= 0x01  // inside the sequence field
        let (summary, lsns) = Self.read(damaged)
        #expect(lsns == [1, 2, 4, 5, 6])
        let damage = summary.damages.first
        #expect(damage?.reason == "the record header is damaged")
        #expect(damage?.lostSequences == 3...3)
        #expect(damage?.lostByIndex == ["a": 1])
        #expect(damage?.unattributed == 0)
    }

    /// A zeroed page spanning several records: the records whose headers are gone count as lost
    /// of an unknown index (the engine cannot say which index lost them).
    @Test func aZeroedPageCostsRecordsOfUnknownIndices() {
        let (bytes, offsets) = Self.segment(40)
        var damaged = bytes
        let start = offsets[10] + 30
        for position in start..<(start + 300) { damaged[position] = 0 }
        let (summary, lsns) = Self.read(damaged)
        let firstAfter = offsets.firstIndex { $0 >= start + 300 } ?? 40
        #expect(lsns == Array(1...10) + (UInt64(firstAfter) + 1...40))
        let damage = summary.damages.first
        #expect(damage?.lostSequences == 11...UInt64(firstAfter))
        #expect(damage?.lostRecords == firstAfter - 10)
        #expect(damage?.lostByIndex == ["a": 1])
        #expect(damage?.unattributed == firstAfter - 11)
        #expect(damage?.affectsEngine == true)
        #expect(damage?.intactRecordsAfter == 40 - firstAfter)
    }

    @Test func aDamagedFileHeaderCostsNoRecord() {
        let (bytes, _) = Self.segment(3)
        var damaged = bytes
        damaged[2] ^= 0x10
        let (summary, lsns) = Self.read(damaged)
        #expect(lsns == [1, 2, 3])
        #expect(summary.damages.first?.reason == "the file header is missing or wrong")
        #expect(summary.damages.first?.lostRecords == 0)
        let (empty, _) = Self.read(Array(RecordFraming.walMagic.prefix(5)))
        #expect(empty.damages.isEmpty)
        #expect(empty.tornTail?.offset == 0)
    }

    /// Segments written by earlier versions (format 1) are still read.
    @Test func formatOneSegmentsAreStillRead() {
        var file = RecordFraming.legacyWALMagic
        for lsn in UInt64(1)...3 {
            let payload = RecordCodec.encode(.change(lsn: lsn, .deleteIndex(name: "i\(lsn)")))
            var header = ByteWriter()
            header.integer32(UInt32(payload.count))
            header.integer32(CRC32.checksum(payload))
            file += header.bytes + payload
        }
        let (summary, lsns) = Self.read(file)
        #expect(lsns == [1, 2, 3])
        #expect(!summary.isCurrentFormat)
        let torn = Self.read(Array(file.dropLast(2)))
        #expect(torn.lsns == [1, 2])
        #expect(torn.summary.tornTail != nil)
        #expect(torn.summary.damages.isEmpty)
    }
}
