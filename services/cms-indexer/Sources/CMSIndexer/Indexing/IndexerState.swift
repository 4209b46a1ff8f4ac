import ESModels

/// What the indexer keeps in the search store itself, in the index `cms-indexer-state`: for
/// every concrete index it built, the change position that index reflects (a full build records
/// the position read before it read anything; each incremental pass moves it on once the store
/// acknowledged its writes), and the lease of the indexer writing to the store (``StoreLease``).
///
/// Kept in the store, the position cannot disagree with the index it describes: a store restored
/// from a snapshot, or a new cluster, comes with the positions of its own indices.
public enum IndexerState {
    /// The state index.
    public static let index = "cms-indexer-state"

    /// Its definition (strict: a misspelled field is refused).
    public static let definition = IndexDefinition(
        settings: CMSIndices.settings,
        mappings: Mapping(dynamic: .strict) {
            Property.keyword("kind")
            Property.keyword("index")
            Property.keyword("alias")
            Property.long("position")
            Property.date("updated_at")
            Property.long("generation")
            Property.keyword("holder")
            Property.keyword("host")
            Property.long("pid")
            Property.date("acquired_at")
            Property.date("expires_at")
            Property.boolean("released")
        })

    /// Creates the state index when it is missing.
    public static func ensure(_ backend: any SearchBackend) async throws {
        if try await backend.indexExists(index) { return }
        do {
            _ = try await backend.createIndex(index, definition: definition)
        } catch let error as ElasticsearchError where error.type == "resource_already_exists_exception" {
            // Another indexer created it meanwhile.
        }
    }

    /// The position recorded for a concrete index; `nil` when none is.
    public static func position(of concreteIndex: String, in backend: any SearchBackend) async throws
        -> Int64?
    {
        let response: GetDocumentResponse
        do {
            response = try await backend.getDocument(index, id: positionID(concreteIndex))
        } catch let error as ElasticsearchError where error.status == 404 {
            return nil
        }
        guard response.found, let value = response.source?["position"]?.intValue else { return nil }
        return Int64(value)
    }

    /// Records the position a concrete index reflects.
    public static func record(
        position: Int64, of concreteIndex: String, alias: String, in backend: any SearchBackend,
        clock: WallClock
    ) async throws {
        try await ensure(backend)
        _ = try await backend.index(
            index, id: positionID(concreteIndex),
            document: [
                "kind": "position", "index": .string(concreteIndex), "alias": .string(alias),
                "position": .int(Int(position)), "updated_at": .string(ISODate.string(from: clock.now())),
            ], refresh: .none)
    }

    /// Forgets the positions of deleted indices.
    public static func forget(_ concreteIndices: [String], in backend: any SearchBackend) async throws {
        guard !concreteIndices.isEmpty, try await backend.indexExists(index) else { return }
        _ = try await backend.bulk(
            BulkRequest(concreteIndices.map { .delete(index: index, id: positionID($0)) }))
    }

    static func positionID(_ concreteIndex: String) -> String {
        "position:\(concreteIndex)"
    }
}
