import CMSIndexer
import ESModels

/// The documents of one index as ``DocumentSource`` builds them from a database.
enum IndexDocuments {
    /// Every document built, by id, and every document that failed, in reading order.
    static func read(_ index: IndexName, _ location: CMSDatabaseLocation, batchSize: Int = 100) throws
        -> (documents: [String: JSONValue], errors: [DocumentError])
    {
        let db = try CMSDatabase.openForReading(location)
        let source = try DocumentSource.make(for: index, db: db, batchSize: batchSize)
        var documents: [String: JSONValue] = [:]
        var errors: [DocumentError] = []
        while let batch = try source.next() {
            for (id, document) in batch.documents { documents[id] = document }
            errors += batch.errors
        }
        return (documents, errors)
    }
}
