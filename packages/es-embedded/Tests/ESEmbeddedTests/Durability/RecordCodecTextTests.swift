import ESModels
import Testing

@testable import ESEmbedded

/// A snapshot restored from its index images decodes document records straight to the text
/// the index keeps; the record reads and writes as the `put` it is.
@Suite struct RecordCodecTextTests {
    private static let source: JSONValue = ["uuid": "a-1", "titles": ["en": "Heat \"1995\""], "year": 1995]

    @Test func aDocumentRecordDecodesToItsStoredText() throws {
        let put = StoredRecord.change(
            lsn: 0, .put(index: "films", id: "a-1", version: 3, seqNo: 7, source: Self.source))
        let payload = RecordCodec.encode(put)
        #expect(try RecordCodec.decode(payload[...]) == put)
        let asText = try RecordCodec.decode(payload[...], sourcesAsText: true)
        guard case .change(0, .putText("films", "a-1", 3, 7, let text)) = asText else {
            Issue.record("not a putText record: \(asText)")
            return
        }
        #expect(try JSONValue(parsing: text) == Self.source)
        // Written back, it reads as the same `put` (object members may come in another order).
        #expect(try RecordCodec.decode(RecordCodec.encode(asText)[...]) == put)
        #expect(asText.scope == "films")
    }
}
