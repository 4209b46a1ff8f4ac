/// Writes each record as one JSON object per line on standard error, for log shippers:
/// `{"timestamp":"2025-01-31T09:15:02.123Z","level":"info","label":"http","message":"GET /x 200","request_id":"9f1c"}`.
///
/// Metadata keys are top-level members (after `timestamp`, `level`, `label` and `message`,
/// which they cannot replace), in key order. Each line is a single `write(2)` call.
public struct JSONLinesLogSink: LogSink {
    /// Creates the sink.
    public init() {}

    public func write(_ record: LogRecord) {
        writeToStandardError(Self.line(record, timestamp: Timestamp.now().iso8601))
    }

    /// The line for `record` at `timestamp`, newline included.
    public static func line(_ record: LogRecord, timestamp: String) -> String {
        var line = "{\"timestamp\":" + quoted(timestamp) + ",\"level\":" + quoted(record.level.description)
        line += ",\"label\":" + quoted(record.label) + ",\"message\":" + quoted(record.message)
        let reserved: Set<String> = ["timestamp", "level", "label", "message"]
        for (key, value) in record.metadata.sorted(by: { $0.key < $1.key }) where !reserved.contains(key) {
            line += "," + quoted(key) + ":" + quoted(value)
        }
        return line + "}\n"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
