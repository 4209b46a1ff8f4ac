import ESModels

extension Engine {
    /// Rebuilds an index's storage without its replaced and deleted documents once they
    /// outnumber the live ones (Lucene's merges, in one step): postings, points and sort
    /// values otherwise keep growing with every update.
    func compactIfNeeded(_ state: inout IndexState) {
        let writer = state.writer
        guard writer.deletedCount > 1024, writer.deletedCount > writer.liveCount else { return }
        var rebuilt = ShardData()
        for (id, entry) in writer.orderedEntries {
            guard let doc = entry.doc else {
                rebuilt.delete(id: id, version: entry.version, seqNo: entry.seqNo)
                continue
            }
            let source = writer.source(Int(doc))
            guard let parsed = try? DocumentParser.parse(source, id: id, index: state) else { return }
            rebuilt.put(
                id: id, source: source, sourceText: writer.sourceTexts[Int(doc)], document: parsed.document,
                version: entry.version, seqNo: entry.seqNo)
        }
        state.writer = rebuilt
        state.markWritten()
    }
}
