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
    /// How long after the last snapshot any new write triggers one (10 minutes by default), so
    /// a slowly written log is not replayed in full after a crash either.
    public var checkpointInterval: Duration
    /// Where recovery warnings go (a torn last write, damaged indices); standard error by default.
    public var warn: @Sendable (String) -> Void
    /// Where recovery reports its progress and what it read (a line per second while replaying,
    /// and the summary); nowhere by default (`es-embedded serve` prints it on standard error).
    public var log: @Sendable (String) -> Void

    /// Creates a configuration.
    public init(
        dataDirectory: URL? = nil, clock: WallClock, autoCreateIndex: Bool = true,
        checkpointBytes: Int = 64 << 20, checkpointInterval: Duration = .seconds(600),
        warn: @escaping @Sendable (String) -> Void = EmbeddedSearchConfiguration.standardError,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.autoCreateIndex = autoCreateIndex
        self.checkpointBytes = checkpointBytes
        self.checkpointInterval = checkpointInterval
        self.warn = warn
        self.log = log
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
