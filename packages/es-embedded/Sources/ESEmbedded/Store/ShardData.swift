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
    /// Current document, version and seq_no by id; deleted ids keep their version here, so a
    /// document indexed again continues its version sequence (Elasticsearch keeps delete
    /// tombstones too).
    private(set) var entries: [String: Entry] = [:]
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
        var sourceTexts = [[UInt8]](repeating: [], count: count)
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(documents.count)
        for (doc, document) in zip(liveDocs, documents) {
            guard ids[doc] == document.id, versions[doc] == document.version, seqNos[doc] == document.seqNo
            else { return nil }
            sourceTexts[doc] = document.sourceText
            entries[document.id] = Entry(doc: UInt32(doc), version: document.version, seqNo: document.seqNo)
        }
        guard entries.count == documents.count else { return nil }
        self.root = root
        self.nested = nested
        self.ids = ids
        self.sourceTexts = sourceTexts
        self.versions = versions
        self.seqNos = seqNos
        self.live = live
        self.entries = entries
        self.liveCount = documents.count
    }

    /// The live documents in document order, with their versions (what a snapshot writes, in
    /// the order an index image expects them).
    var liveDocuments: [(id: String, version: Int, seqNo: Int, sourceText: [UInt8])] {
        live.members.map { (ids[$0], versions[$0], seqNos[$0], sourceTexts[$0]) }
    }

    /// Ids that are deleted (tombstones that keep their version), with it.
    var tombstones: [(id: String, version: Int, seqNo: Int)] {
        entries.compactMap { id, entry in entry.doc == nil ? (id, entry.version, entry.seqNo) : nil }
            .sorted { $0.id < $1.id }
    }

    /// Root documents replaced or deleted and not yet compacted away.
    var deletedCount: Int { ids.count - liveCount }

    /// The entry of `id`, when it exists (also for a deleted id).
    func entry(_ id: String) -> Entry? {
        entries[id]
    }

    /// The document currently stored under `id`, with its `_source` parsed and as compact JSON
    /// text.
    func document(_ id: String) -> (source: JSONValue, sourceText: [UInt8], version: Int, seqNo: Int)? {
        guard let entry = entries[id], let doc = entry.doc else { return nil }
        return (source(Int(doc)), sourceTexts[Int(doc)], entry.version, entry.seqNo)
    }

    /// Stores `id` (replacing any current version) with its `_source` and parsed document;
    /// `sourceText` is the compact JSON text of `source` when the caller has it already.
    mutating func put(
        id: String, source: JSONValue, sourceText: [UInt8]? = nil, document: ParsedDocument, version: Int,
        seqNo: Int
    ) {
        if let previous = entries[id]?.doc { markDeleted(previous) }
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
        entries[id] = Entry(doc: doc, version: version, seqNo: seqNo)
    }

    /// Deletes `id`, remembering its version and seq_no.
    mutating func delete(id: String, version: Int, seqNo: Int) {
        if let previous = entries[id]?.doc { markDeleted(previous) }
        entries[id] = Entry(doc: nil, version: version, seqNo: seqNo)
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
