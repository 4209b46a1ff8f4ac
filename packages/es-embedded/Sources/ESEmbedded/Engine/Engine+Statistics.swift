import ESModels

/// What `_stats` reports about one index: its documents and the bytes their stored `_source`
/// texts take (the engine's store; no segments, so no other figure).
public struct IndexStatistics: Sendable, Equatable {
    /// The index.
    public var name: String
    /// Its uuid.
    public var uuid: String
    /// Live documents.
    public var documents: Int
    /// Deleted documents still held (until compaction).
    public var deleted: Int
    /// Bytes of the live documents' stored `_source` texts.
    public var storeBytes: Int
    /// `index.number_of_replicas` (unassignable on one node).
    public var replicas: Int
}

extension Engine {
    /// The statistics of the indices `expression` names.
    func statistics(_ expression: String?, options: IndicesOptions = IndicesOptions()) throws
        -> [IndexStatistics]
    {
        try read { catalog in
            var seen = Set<String>()
            return try catalog.resolve(expression, options: options).compactMap { target in
                guard seen.insert(target.index).inserted, let state = catalog.indices[target.index] else {
                    return nil
                }
                let data = state.writer
                var bytes = 0
                for doc in data.live { bytes += data.sourceTexts[doc].count }
                return IndexStatistics(
                    name: state.name, uuid: state.identity.uuid, documents: data.liveCount,
                    deleted: data.deletedCount, storeBytes: bytes, replicas: state.numberOfReplicas)
            }
            .sorted { $0.name < $1.name }
        }
    }
}

extension EmbeddedSearchBackend {
    /// Documents and store bytes of the indices `index` names (`GET /{index}/_stats`).
    public func statistics(_ index: String?, options: IndicesOptions = IndicesOptions()) throws
        -> [IndexStatistics]
    {
        try engine.statistics(index, options: options)
    }
}
