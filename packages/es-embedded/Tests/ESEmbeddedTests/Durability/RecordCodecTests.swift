import ESModels
import Testing

@testable import ESEmbedded

@Suite struct RecordCodecTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    /// Eight bytes at a time gives the bit-by-bit checksum, at any alignment and length.
    @Test func crc32MatchesTheBitwiseDefinitionAtEveryAlignment() {
        func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return crc ^ 0xFFFF_FFFF
        }
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for start in 0..<9 {
            for length in 0..<(200 - start) {
                let slice = bytes[start..<(start + length)]
                let fast = slice.withUnsafeBytes { CRC32.checksum($0) }
                #expect(fast == bitwise(slice), "offset \(start), length \(length)")
            }
        }
    }

    @Test(arguments: [
        StoredRecord.change(
            lsn: 7,
            .createIndex(
                name: "a", uuid: "u", creationDate: 1_700_000_000_000,
                settings: IndexSettings(numberOfReplicas: 0),
                mapping: Mapping(dynamic: .strict) { Property.keyword("k") })),
        .change(lsn: 8, .deleteIndex(name: "a")),
        .change(lsn: 9, .mapping(index: "a", mapping: Mapping { Property.long("n") })),
        .change(
            lsn: 10,
            .put(
                index: "a", id: "é/1", version: 3, seqNo: 41,
                source: ["k": "v", "n": 2.5, "list": [1, nil, ["deep": true]], "東京": "é"])),
        .change(lsn: 11, .delete(index: "a", id: "1", version: 4, seqNo: -1)),
        .change(
            lsn: 12, .aliases(["x": ["a": AliasDefinition(filter: .term("k", "v"), isWriteIndex: true)]])),
        .snapshotHeader(lsn: 99), .indexCounters(index: "a", nextSeqNo: 42), .snapshotEnd(records: 3),
    ])
    func recordsRoundTrip(record: StoredRecord) throws {
        let encoded = RecordCodec.encode(record)
        #expect(try RecordCodec.decode(encoded[...]) == record)
        #expect(throws: RecordCodec.DecodingFailure.self) {
            try RecordCodec.decode(encoded.dropLast(encoded.count - 3))
        }
    }

    @Test func aDocumentRecordWithMalformedJSONIsADecodingFailure() throws {
        var encoded = RecordCodec.encode(
            .change(lsn: 1, .put(index: "a", id: "1", version: 1, seqNo: 0, source: ["k": "v"])))
        encoded.removeLast()
        #expect(throws: RecordCodec.DecodingFailure.self) { try RecordCodec.decode(encoded[...]) }
    }

    @Test func documentRecordsWithJSONSourcesFromEarlierVersionsAreRead() throws {
        var writer = ByteWriter()
        writer.documentHeader(4, lsn: 5, index: "a", id: "1", version: 2, seqNo: 3)
        writer.bytes.append(contentsOf: Array(#"{"k":"v","n":[1,2.5]}"#.utf8))
        let decoded = try RecordCodec.decode(writer.bytes[...])
        #expect(
            decoded
                == .change(
                    lsn: 5,
                    .put(index: "a", id: "1", version: 2, seqNo: 3, source: ["k": "v", "n": [1, 2.5]])))
        let binary = RecordCodec.encode(decoded)
        #expect(binary.first == 7)
        #expect(try RecordCodec.decode(binary[...]) == decoded)
    }
}
