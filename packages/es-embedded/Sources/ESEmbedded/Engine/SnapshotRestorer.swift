import ESModels

/// Loads a snapshot's indices from their index images (``IndexImage``) where it can: the
/// snapshot's documents are collected as it is read (while the images are read on another
/// thread), then put back with the image's postings, points and sort values at once, without
/// parsing or indexing them. An index without a usable image, or whose documents do not match
/// its image, is indexed from its documents as before.
///
/// Each document is kept as the compact JSON text its index keeps, written when it is taken,
/// so that its tree is freed at once (every document's tree held until the end cost several
/// times the memory of the restored engine).
struct SnapshotRestorer {
    private var documents: [String: [(id: String, version: Int, seqNo: Int, sourceText: [UInt8])]] = [:]
    private var tombstones: [String: [JournalRecord]] = [:]
    /// Indices restored from their images.
    private(set) var restored: [String] = []
    /// Indices whose image did not match their documents (indexed again).
    private(set) var mismatched: [String] = []

    /// Takes a document or tombstone of the snapshot (returns `true`); any other record is for
    /// ``Catalog/replay(_:monotonicMillis:)``.
    mutating func take(_ record: StoredRecord) -> Bool {
        guard case .change(0, let change) = record else { return false }
        switch change {
        case .put(let index, let id, let version, let seqNo, let source):
            documents[index, default: []].append((id, version, seqNo, SourceWriter.storedText(source)))
            return true
        case .putText(let index, let id, let version, let seqNo, let sourceText):
            documents[index, default: []].append((id, version, seqNo, sourceText))
            return true
        case .delete(let index, _, _, _):
            tombstones[index, default: []].append(change)
            return true
        default:
            return false
        }
    }

    /// Forgets an index (its records are damaged: it is not served).
    mutating func drop(_ index: String) {
        documents[index] = nil
        tombstones[index] = nil
    }

    /// Puts the collected indices into `catalog`, from their `images` or indexed again;
    /// returns the records that could not be applied.
    mutating func finish(images: [String: IndexImage.Content], into catalog: inout Catalog) -> Int {
        var unapplied = 0
        for name in Set(documents.keys).union(tombstones.keys).union(images.keys).sorted() {
            guard var state = catalog.indices[name] else { continue }
            let collected = documents[name] ?? []
            if let image = images[name],
                let shard = ShardData(
                    root: image.root, nested: image.nested, ids: image.ids, versions: image.versions,
                    seqNos: image.seqNos, live: image.live, documents: collected)
            {
                state.writer = shard
                state.markWritten()
                catalog.indices[name] = state
                restored.append(name)
            } else {
                if images[name] != nil { mismatched.append(name) }
                for document in collected {
                    do {
                        try catalog.replay(
                            .change(
                                lsn: 0,
                                .putText(
                                    index: name, id: document.id, version: document.version,
                                    seqNo: document.seqNo, sourceText: document.sourceText)),
                            monotonicMillis: 0)
                    } catch {
                        unapplied += 1
                    }
                }
            }
            for tombstone in tombstones[name] ?? [] {
                do {
                    try catalog.replay(.change(lsn: 0, tombstone), monotonicMillis: 0)
                } catch {
                    unapplied += 1
                }
            }
        }
        documents = [:]
        tombstones = [:]
        restored.sort()
        mismatched.sort()
        return unapplied
    }
}
