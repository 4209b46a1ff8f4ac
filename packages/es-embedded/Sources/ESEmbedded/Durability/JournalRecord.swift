import ESModels

/// One change of the engine's state, as the write-ahead log and the snapshot store it.
/// Replaying the records in order rebuilds the state.
enum JournalRecord: Sendable, Equatable {
    /// An index was created.
    case createIndex(name: String, uuid: String, creationDate: Int, settings: IndexSettings, mapping: Mapping)
    /// An index was deleted.
    case deleteIndex(name: String)
    /// An index's mapping changed (put-mapping or dynamic mapping); the whole new mapping.
    case mapping(index: String, mapping: Mapping)
    /// A document was stored (created or replaced), with its `_source` (stored as compact JSON).
    case put(index: String, id: String, version: Int, seqNo: Int, source: JSONValue)
    /// A stored document as a snapshot is read to restore its index from an index image: its
    /// `_source` as the compact JSON text the index keeps (written while the records are decoded,
    /// on every core, so no tree of it is kept). Written to files as ``put(index:id:version:seqNo:source:)``.
    case putText(index: String, id: String, version: Int, seqNo: Int, sourceText: [UInt8])
    /// A document was deleted (or a delete found nothing: the version still moves on).
    case delete(index: String, id: String, version: Int, seqNo: Int)
    /// The whole alias table after a change.
    case aliases([String: [String: AliasDefinition]])
    /// An index's settings after an update-settings request; the whole new settings.
    case settings(index: String, settings: IndexSettings)
    /// The whole composable index template table after a change (name -> the template's body).
    case templates([String: JSONValue])
    /// The whole cluster metadata (legacy and component templates, persistent cluster settings,
    /// snapshot repositories) after a change.
    case clusterMetadata(ClusterMetadata)
}
