import ESModels

/// Streams the documents of one index out of the CMS database, batch by batch.
///
/// ```swift
/// let source = try DocumentSource.make(for: .assetflat, db: db, batchSize: 500)
/// while let batch = try source.next() { ... }
/// ```
public final class DocumentSource {
    /// The index the documents are for.
    public let index: IndexName
    private let nextBatch: () throws -> DocumentBatch?

    init<Record: NormalizedRecord, Document: DocumentSourceJSON>(
        index: IndexName, reader: BatchedReader<Record>,
        denormalize: @escaping (Record) throws(DocumentError) -> Document
    ) {
        self.index = index
        var previousRows = 0
        self.nextBatch = {
            guard let records = try reader.next() else { return nil }
            var documents: [(id: String, source: JSONValue)] = []
            documents.reserveCapacity(records.count)
            var errors: [DocumentError] = []
            for record in records {
                do throws(DocumentError) {
                    let document = try denormalize(record)
                    documents.append((document.documentID, document.sourceJSON))
                } catch {
                    errors.append(error)
                }
            }
            let rows = reader.rowsRead - previousRows
            previousRows = reader.rowsRead
            return DocumentBatch(documents: documents, errors: errors, rowsRead: rows)
        }
    }

    /// The next batch; `nil` when every row has been read.
    public func next() throws -> DocumentBatch? {
        try nextBatch()
    }

    /// The source of one of our indices.
    public static func make(for index: IndexName, db: any CMSConnection, batchSize: Int) throws
        -> DocumentSource
    {
        func source<Record: NormalizedRecord, Document: DocumentSourceJSON>(
            _ main: RecordQuery<Record>, _ children: [RecordQuery<Record>],
            _ denormalize: @escaping (Record) throws(DocumentError) -> Document
        ) throws -> DocumentSource {
            DocumentSource(
                index: index,
                reader: try BatchedReader(db: db, main: main, children: children, batchSize: batchSize),
                denormalize: denormalize)
        }
        switch index {
        case .assetflat: return try source(AssetQueries.main, AssetQueries.children, Denormalizer.assetFlat)
        case .territories:
            return try source(CodeNameRecord.main(table: "territories"), [], Denormalizer.territory)
        case .languages: return try source(CodeNameRecord.main(table: "languages"), [], Denormalizer.language)
        case .categories:
            return try source(CategoryRecord.main, CategoryRecord.children, Denormalizer.category)
        case .ratings: return try source(RatingRecord.main, RatingRecord.children, Denormalizer.rating)
        case .marketingPromos:
            return try source(PromoRecord.main, PromoRecord.children, Denormalizer.marketingPromo)
        case .sportsEvents:
            return try source(SportsEventRecord.main, SportsEventRecord.children, Denormalizer.sportsEvent)
        case .rows:
            return try source(PromotedRowRecord.main, PromotedRowRecord.children, Denormalizer.promotedRow)
        }
    }
}
