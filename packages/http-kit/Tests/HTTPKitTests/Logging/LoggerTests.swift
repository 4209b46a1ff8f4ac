import Foundation
import HTTPKit
import Testing

@Suite struct LoggerTests {
    @Test func dropsMessagesBelowTheLevelWithoutBuildingThem() {
        let sink = InMemoryLogSink()
        let logger = Logger(label: "test", level: .warning, sink: sink)
        var built = false
        logger.info(
            {
                built = true
                return "hidden"
            }())
        logger.warning("shown")
        logger.critical("also shown")
        #expect(!built)
        #expect(sink.records.map(\.message) == ["shown", "also shown"])
        #expect(sink.records.map(\.level) == [.warning, .critical])
    }

    @Test func mergesMetadataWithTheCallWinning() {
        let sink = InMemoryLogSink()
        var logger = Logger(label: "http", level: .trace, metadata: ["a": "1", "b": "2"], sink: sink)
        logger[metadataKey: "c"] = "3"
        logger.debug("x", metadata: ["b": "call"])
        #expect(sink.records.first?.metadata == ["a": "1", "b": "call", "c": "3"])
    }

    @Test func formatsRecordsOnOneLineWithSortedQuotedMetadata() {
        let record = LogRecord(
            level: .error, label: "http", message: "failed",
            metadata: ["z": "1", "a": "two words", "q": "say \"hi\""])
        #expect(record.formatted == #"error http: failed a="two words" q="say \"hi\"" z=1"#)
    }

    @Test func parsesLevelNames() {
        #expect(Logger.Level(name: "DEBUG") == .debug)
        #expect(Logger.Level(name: "warning") == .warning)
        #expect(Logger.Level(name: "loud") == nil)
        #expect(Logger.Level.allCases.sorted() == Logger.Level.allCases)
    }
}

@Suite struct JSONLinesLogSinkTests {
    @Test func writesOneJSONObjectPerLineWithMetadataAtTheTopLevel() throws {
        let record = LogRecord(
            level: .warning, label: "catalogue", message: "said \"hi\"\nthen\u{1}left",
            metadata: ["request_id": "9f1c", "level": "not me", "client": "android"])
        let line = JSONLinesLogSink.line(record, timestamp: "2025-01-31T09:15:02.123Z")
        #expect(
            line
                == #"{"timestamp":"2025-01-31T09:15:02.123Z","level":"warning","label":"catalogue","message":"said \"hi\"\nthen\u0001left","client":"android","request_id":"9f1c"}"#
                + "\n")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == "said \"hi\"\nthen\u{1}left")
        #expect(object["level"] == "warning")
    }
}
