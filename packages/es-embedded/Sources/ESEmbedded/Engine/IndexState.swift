import ESModels
import Foundation

/// One index of the engine: its definition, the documents being written, and the searcher
/// that the last refresh published.
struct IndexState: Sendable {
    let identity: IndexIdentity
    /// Epoch milliseconds of creation (`index.creation_date`).
    let creationDate: Int
    var settings: IndexSettings
    /// The mapping; dynamic mapping and put-mapping change it.
    private(set) var mapping: Mapping
    private(set) var lookup: MappingLookup
    /// The mapping compiled for parsing documents.
    private(set) var compiled: CompiledObject
    private(set) var dynamicSettings: DynamicSettings
    /// The analyzers of the index's settings (fixed once the index exists).
    let analysis: AnalysisRegistry
    /// Documents as written (what get-by-id reads: it is real-time, as in Elasticsearch).
    var writer = ShardData()
    /// Documents as of the last refresh (what searches read).
    private(set) var searcher = ShardData()
    /// Whether writes happened since the last refresh.
    private(set) var hasUnrefreshedChanges = false
    /// When the last refresh happened, on the engine's monotonic clock (milliseconds).
    private(set) var lastRefresh: Int64
    /// The next sequence number of a write.
    var nextSeqNo = 0

    init(
        name: String, uuid: String, creationDate: Int, settings: IndexSettings, mapping: Mapping,
        monotonicMillis: Int64
    ) {
        self.identity = IndexIdentity(name: name, uuid: uuid)
        self.creationDate = creationDate
        self.settings = settings
        self.mapping = mapping
        // Checked when the index was created; a definition no longer understood falls back to
        // the built-in analyzers rather than losing the index.
        let analysis = (try? AnalysisRegistry(settings: settings)) ?? .builtIn
        self.analysis = analysis
        self.lookup = MappingLookup(mapping, analysis: analysis)
        self.compiled = CompiledObject(mapping, analysis: analysis)
        self.dynamicSettings = DynamicSettings(mapping: mapping, settings: settings)
        self.lastRefresh = monotonicMillis
    }

    var name: String { identity.name }

    /// Replaces the mapping (after a put-mapping or a dynamic update).
    mutating func setMapping(_ mapping: Mapping) {
        self.mapping = mapping
        lookup = MappingLookup(mapping, analysis: analysis)
        compiled = CompiledObject(mapping, analysis: analysis)
        dynamicSettings = DynamicSettings(mapping: mapping, settings: settings)
    }

    /// Replaces the settings (after an update-settings request).
    mutating func setSettings(_ settings: IndexSettings) {
        self.settings = settings
        dynamicSettings = DynamicSettings(mapping: mapping, settings: settings)
    }

    /// Records that the writer changed.
    mutating func markWritten() {
        hasUnrefreshedChanges = true
    }

    /// Publishes the writer's documents to searches.
    mutating func refresh(monotonicMillis: Int64) {
        lastRefresh = monotonicMillis
        guard hasUnrefreshedChanges else { return }
        writer.seal()
        searcher = writer
        hasUnrefreshedChanges = false
    }

    /// `index.refresh_interval` in milliseconds (1000 by default); `nil` when disabled (`-1`).
    var refreshIntervalMillis: Int64? {
        guard let text = settings.refreshInterval ?? settings["refresh_interval"]?.intValue.map(String.init)
        else {
            return 1000
        }
        return Self.parseInterval(text)
    }

    /// Refreshes when the refresh interval has passed since the last refresh (Elasticsearch's
    /// periodic refresh, done lazily when a search arrives).
    mutating func refreshIfDue(monotonicMillis: Int64) {
        guard hasUnrefreshedChanges, let interval = refreshIntervalMillis else { return }
        if monotonicMillis - lastRefresh >= interval { refresh(monotonicMillis: monotonicMillis) }
    }

    /// `index.max_result_window`.
    var maxResultWindow: Int { settings.maxResultWindow ?? 10_000 }

    /// `index.number_of_replicas` (1 by default).
    var numberOfReplicas: Int { settings.numberOfReplicas ?? 1 }

    /// The `_shards` of a write: the primary, plus replicas that a single node cannot hold.
    var writeShards: ShardStatistics {
        ShardStatistics(total: 1 + numberOfReplicas, successful: 1, failed: 0)
    }

    /// Parses Elasticsearch time values (`1s`, `500ms`, `2m`, `-1`); `nil` for `-1`.
    static func parseInterval(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "-1" { return nil }
        let units: [(String, Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            if let number = Double(trimmed.dropLast(suffix.count)) { return Int64(number * Double(factor)) }
        }
        return Int64(trimmed).map { $0 }
    }
}
