import ESModels
import Foundation

/// How an ``EmbeddedSearchBackend`` runs.
public struct EmbeddedSearchConfiguration: Sendable {
    /// Where the engine keeps its write-ahead log and snapshots; `nil` keeps everything in memory.
    public var dataDirectory: URL?
    /// Where `now` comes from in date math (freeze it in tests).
    public var clock: WallClock
    /// Whether writing to a missing index creates it, as Elasticsearch's
    /// `action.auto_create_index` does by default.
    public var autoCreateIndex: Bool
    /// How many bytes of log trigger a new snapshot (64 MiB by default).
    public var checkpointBytes: Int
    /// Where recovery warnings go (a damaged last log record, for example); standard error by default.
    public var warn: @Sendable (String) -> Void

    /// Creates a configuration.
    public init(
        dataDirectory: URL? = nil, clock: WallClock, autoCreateIndex: Bool = true,
        checkpointBytes: Int = 64 << 20,
        warn: @escaping @Sendable (String) -> Void = EmbeddedSearchConfiguration.standardError
    ) {
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.autoCreateIndex = autoCreateIndex
        self.checkpointBytes = checkpointBytes
        self.warn = warn
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
