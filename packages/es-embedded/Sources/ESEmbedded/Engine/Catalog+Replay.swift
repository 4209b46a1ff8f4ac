import ESModels

extension Catalog {
    /// Applies a record read back from the journal (recovery).
    mutating func replay(_ record: StoredRecord, monotonicMillis: Int64) throws {
        switch record {
        case .change(_, let change):
            try replay(change, monotonicMillis: monotonicMillis)
        case .indexCounters(let index, let nextSeqNo):
            indices[index]?.nextSeqNo = nextSeqNo
        case .snapshotHeader, .snapshotEnd:
            return
        }
    }

    private mutating func replay(_ change: JournalRecord, monotonicMillis: Int64) throws {
        switch change {
        case .createIndex(let name, let uuid, let creationDate, let settings, let mapping):
            indices[name] = IndexState(
                name: name, uuid: uuid, creationDate: creationDate, settings: settings, mapping: mapping,
                monotonicMillis: monotonicMillis)
        case .deleteIndex(let name):
            removeIndex(name)
        case .mapping(let index, let mapping):
            indices[index]?.setMapping(mapping)
        case .put(let index, let id, let version, let seqNo, let source):
            guard var state = indices[index] else { return }
            indices[index] = nil  // keep the index uniquely referenced while it changes
            defer { indices[index] = state }
            let parsed = try DocumentParser.parse(source, id: id, index: state)
            if let updated = parsed.updatedMapping { state.setMapping(updated) }
            state.writer.put(
                id: id, source: source, document: parsed.document, version: version, seqNo: seqNo)
            state.nextSeqNo = max(state.nextSeqNo, seqNo + 1)
            state.markWritten()
        case .putText(let index, let id, let version, let seqNo, let sourceText):
            // Indexed from its tree, as a `put` (a snapshot whose index image could not be used).
            let source = (try? JSONValue(parsing: sourceText)) ?? .null
            try replay(
                .put(index: index, id: id, version: version, seqNo: seqNo, source: source),
                monotonicMillis: monotonicMillis)
        case .delete(let index, let id, let version, let seqNo):
            guard var state = indices[index] else { return }
            indices[index] = nil
            state.writer.delete(id: id, version: version, seqNo: seqNo)
            state.nextSeqNo = max(state.nextSeqNo, seqNo + 1)
            state.markWritten()
            indices[index] = state
        case .aliases(let table):
            aliases = table
        case .settings(let index, let settings):
            indices[index]?.setSettings(settings)
        case .templates(let table):
            templates = table
        case .clusterMetadata(let value):
            metadata = value
        }
    }

    /// Publishes every index's writes to searches.
    mutating func refreshAll(monotonicMillis: Int64) {
        for name in indices.keys { indices[name]?.refresh(monotonicMillis: monotonicMillis) }
    }
}
