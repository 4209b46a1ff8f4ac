/// One message handed to a ``LogSink``.
public struct LogRecord: Sendable, Equatable {
    /// The message's severity.
    public var level: Logger.Level
    /// The label of the logger that wrote it.
    public var label: String
    /// The message text.
    public var message: String
    /// The logger's metadata merged with the call's.
    public var metadata: [String: String]

    /// Creates a record.
    public init(level: Logger.Level, label: String, message: String, metadata: [String: String] = [:]) {
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
    }

    /// The record as one line without a timestamp: `info http: GET / 200 key=value`, metadata
    /// sorted by key and values quoted when they contain spaces.
    public var formatted: String {
        var line = "\(level) \(label): \(message)"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            let needsQuotes = value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" })
            line +=
                " \(key)="
                + (needsQuotes ? "\"\(value.replacingOccurrences(of: "\"", with: "\\\""))\"" : value)
        }
        return line
    }
}
