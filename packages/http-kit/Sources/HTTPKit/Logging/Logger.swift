/// A small structured logger with levels, a label and metadata, writing to a ``LogSink``.
///
/// Messages below `level` are dropped before they are built (the message is an autoclosure).
///
/// ```swift
/// var logger = Logger(label: "catalogue", level: .info)
/// logger[metadataKey: "client"] = "android"
/// logger.info("listening", metadata: ["port": "8080"])
/// ```
public struct Logger: Sendable {
    /// The severity of a message, from most verbose to most severe.
    public enum Level: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        case trace
        case debug
        case info
        case notice
        case warning
        case error
        case critical

        /// Parses a level name such as `debug` or `WARNING`; returns `nil` for unknown names.
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.description == name.lowercased() }) else {
                return nil
            }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .trace: "trace"
            case .debug: "debug"
            case .info: "info"
            case .notice: "notice"
            case .warning: "warning"
            case .error: "error"
            case .critical: "critical"
            }
        }
    }

    /// What the messages are about, printed before each message (for example `http`).
    public var label: String
    /// The least severe level that is written.
    public var level: Level
    /// Key-value pairs attached to every message of this logger.
    public var metadata: [String: String]
    /// Where records go.
    public let sink: any LogSink

    /// Creates a logger; by default it writes lines to standard error.
    public init(
        label: String, level: Level = .info, metadata: [String: String] = [:],
        sink: any LogSink = StandardErrorLogSink()
    ) {
        self.label = label
        self.level = level
        self.metadata = metadata
        self.sink = sink
    }

    /// Reads or sets one metadata value.
    public subscript(metadataKey key: String) -> String? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Whether a message at `level` would be written.
    public func isEnabled(_ level: Level) -> Bool {
        level >= self.level
    }

    /// Writes `message` at `level` when that level is enabled, with this logger's metadata
    /// merged with `metadata` (the call's values win).
    public func log(_ level: Level, _ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        guard isEnabled(level) else { return }
        let merged = metadata.isEmpty ? self.metadata : self.metadata.merging(metadata) { _, new in new }
        sink.write(LogRecord(level: level, label: label, message: message(), metadata: merged))
    }

    /// Writes a message at ``Level/trace``.
    public func trace(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.trace, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/debug``.
    public func debug(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.debug, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/info``.
    public func info(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.info, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/notice``.
    public func notice(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.notice, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/warning``.
    public func warning(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.warning, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/error``.
    public func error(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.error, message(), metadata: metadata)
    }

    /// Writes a message at ``Level/critical``.
    public func critical(_ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        log(.critical, message(), metadata: metadata)
    }
}
