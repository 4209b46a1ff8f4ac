import ESModels

/// The whole indexed content of one index (one shard): stored documents, the root level and
/// every nested level.
///
/// A value type: a refresh copies it (cheaply, buffers are shared until written) into the
/// searcher that queries read, while writes continue on the original.
///
/// Each document's `_source` is kept once, as its compact JSON text (``SourceWriter``), written
/// when the document is stored: an answer that returns the whole `_source` copies it as it is,
/// a hit hands it out to be parsed only when read, and what needs the tree (updates, source
/// filtering, scripts, highlighting) parses it (``source(_:)``). A parsed tree per document
/// cost about four times the text's memory. The journal and snapshots hold the binary form
/// (``BinarySource``); the text is written from it when they are read.
struct ShardData: Sendable {
    /// What is known of the current (or last) version of an id.
    struct Entry: Sendable, Equatable {
        var doc: UInt32?
        var version: Int
        var seqNo: Int
    }

    private(set) var root = IndexLevel()
    private(set) var nested: [String: IndexLevel] = [:]
    /// Per root document: its id, its `_source` as compact JSON text (empty once deleted),
    /// version, seq_no.
    private(set) var ids: [String] = []
    private(set) var sourceTexts: [[UInt8]] = []
    private(set) var versions: [Int] = []
    private(set) var seqNos: [Int] = []
    /// Root documents that are current (not deleted or replaced).
    private(set) var live = DocSet(capacity: 0)
    /// The current document of each live id (its version and seq_no are ``versions`` and
    /// ``seqNos`` of it: an entry holding them again cost 24 bytes more a bucket).
    private var docsByID: [String: UInt32] = [:]
    /// Deleted ids with their last version and seq_no, so a document indexed again continues
    /// its version sequence (Elasticsearch keeps delete tombstones too).
    private var deletedIDs: [String: Tombstone] = [:]
    private struct Tombstone: Sendable {
        var version: Int
        var seqNo: Int
    }
    private(set) var liveCount = 0

    init() {}

    /// The indexed content an index image holds, restored with the documents of the snapshot
    /// (the live ones in document order); `nil` when they do not match the image (then the
    /// documents are indexed again instead).
    init?(
        root: IndexLevel, nested: [String: IndexLevel], ids: [String], versions: [Int], seqNos: [Int],
        live: DocSet, documents: [(id: String, version: Int, seqNo: Int, sourceText: [UInt8])]
    ) {
        let count = ids.count
        guard versions.count == count, seqNos.count == count, root.docCount == count, live.capacity == count
        else { return nil }
        let liveDocs = live.members
        guard liveDocs.count == documents.count else { return nil }
        let ids = Self.sharingTexts(of: ids, withTermsOf: root)
        var sourceTexts = [[UInt8]](repeating: [], count: count)
        var docsByID: [String: UInt32] = [:]
        docsByID.reserveCapacity(documents.count)
        for (doc, document) in zip(liveDocs, documents) {
            guard ids[doc] == document.id, versions[doc] == document.version, seqNos[doc] == document.seqNo
            else { return nil }
            sourceTexts[doc] = document.sourceText
            // The image's id, not the record's equal one: each id's text is then held once.
            docsByID[ids[doc]] = UInt32(doc)
        }
        guard docsByID.count == documents.count else { return nil }
        self.root = root
        self.nested = nested
        self.ids = ids
        self.sourceTexts = sourceTexts
        self.versions = versions
        self.seqNos = seqNos
        self.live = live
        self.docsByID = docsByID
        self.liveCount = documents.count
    }

    /// `ids`, each taking the text of the root keyword term equal to it byte for byte that only
    /// its document holds (an id-like field such as `uuid`), so that the two, read apart from
    /// an index image, are held once: 80 bytes a document for 36-byte ids.
    private static func sharingTexts(of ids: [String], withTermsOf root: IndexLevel) -> [String] {
        var ids = ids
        for (_, column) in root.orderedColumns
        where column.kind == .keyword && column.terms.count * 2 >= ids.count && !ids.isEmpty {
            for (term, postings) in column.terms {
                guard let doc = postings.onlyDoc.map(Int.init), doc < ids.count,
                    ids[doc].utf8.elementsEqual(term.utf8)
                else { continue }
                ids[doc] = term
            }
        }
        return ids
    }

    /// The live documents in document order, with their versions (what a snapshot writes, in
    /// the order an index image expects them).
    var liveDocuments: [(id: String, version: Int, seqNo: Int, sourceText: [UInt8])] {
        live.members.map { (ids[$0], versions[$0], seqNos[$0], sourceTexts[$0]) }
    }

    /// Ids that are deleted (tombstones that keep their version), with it.
    var tombstones: [(id: String, version: Int, seqNo: Int)] {
        deletedIDs.map { id, tombstone in (id, tombstone.version, tombstone.seqNo) }.sorted { $0.id < $1.id }
    }

    /// Every id with its entry: the live ones in document order, then the deleted ones by id
    /// (the order compaction stores them again in).
    var orderedEntries: [(id: String, entry: Entry)] {
        let live = docsByID.sorted { $0.value < $1.value }.map { id, doc in
            (id, Entry(doc: doc, version: versions[Int(doc)], seqNo: seqNos[Int(doc)]))
        }
        return live + tombstones.map { ($0.id, Entry(doc: nil, version: $0.version, seqNo: $0.seqNo)) }
    }

    /// Root documents replaced or deleted and not yet compacted away.
    var deletedCount: Int { ids.count - liveCount }

    /// The entry of `id`, when it exists (also for a deleted id).
    func entry(_ id: String) -> Entry? {
        if let doc = docsByID[id] {
            return Entry(doc: doc, version: versions[Int(doc)], seqNo: seqNos[Int(doc)])
        }
        return deletedIDs[id].map { Entry(doc: nil, version: $0.version, seqNo: $0.seqNo) }
    }

    /// The document currently stored under `id`, with its `_source` parsed and as compact JSON
    /// text.
    func document(_ id: String) -> (source: JSONValue, sourceText: [UInt8], version: Int, seqNo: Int)? {
        guard let doc = docsByID[id].map(Int.init) else { return nil }
        return (source(doc), sourceTexts[doc], versions[doc], seqNos[doc])
    }

    /// Stores `id` (replacing any current version) with its `_source` and parsed document;
    /// `sourceText` is the compact JSON text of `source` when the caller has it already.
    mutating func put(
        id: String, source: JSONValue, sourceText: [UInt8]? = nil, document: ParsedDocument, version: Int,
        seqNo: Int
    ) {
        if let previous = docsByID[id] { markDeleted(previous) }
        var numbers: [UInt32] = []
        numbers.reserveCapacity(document.levels.count)
        for level in document.levels {
            if level.parent < 0 {
                numbers.append(root.append(level.fields, parent: nil))
            } else {
                let parent = numbers[level.parent]
                numbers.append(nested[level.path, default: IndexLevel()].append(level.fields, parent: parent))
            }
        }
        let doc = numbers[0]
        ids.append(id)
        sourceTexts.append(sourceText ?? SourceWriter.storedText(source))
        versions.append(version)
        seqNos.append(seqNo)
        live.grow(to: root.docCount)
        live.insert(Int(doc))
        liveCount += 1
        docsByID[id] = doc
        if !deletedIDs.isEmpty { deletedIDs[id] = nil }
    }

    /// Deletes `id`, remembering its version and seq_no.
    mutating func delete(id: String, version: Int, seqNo: Int) {
        if let previous = docsByID.removeValue(forKey: id) { markDeleted(previous) }
        deletedIDs[id] = Tombstone(version: version, seqNo: seqNo)
    }

    private mutating func markDeleted(_ doc: UInt32) {
        live.remove(Int(doc))
        sourceTexts[Int(doc)] = []
        liveCount -= 1
    }

    /// Sorts pending points of every level (at refresh).
    mutating func seal() {
        root.seal()
        for path in nested.keys { nested[path]?.seal() }
    }

    /// The level at `path` (`""` for the root).
    func level(_ path: String) -> IndexLevel? {
        path.isEmpty ? root : nested[path]
    }
}
