import ESModels
import SQLiteKit

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
    public static func make(for index: IndexName, db: SQLiteDatabase, batchSize: Int) throws -> DocumentSource
    {
        switch index {
        case .assetflat:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: AssetQueries.main, children: AssetQueries.children, batchSize: batchSize),
                denormalize: Denormalizer.assetFlat)
        case .territories:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: CodeNameRecord.main(table: "territories"), children: [],
                    batchSize: batchSize),
                denormalize: Denormalizer.territory)
        case .languages:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: CodeNameRecord.main(table: "languages"), children: [], batchSize: batchSize),
                denormalize: Denormalizer.language)
        case .categories:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: CategoryRecord.main, children: CategoryRecord.children, batchSize: batchSize
                ),
                denormalize: Denormalizer.category)
        case .ratings:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: RatingRecord.main, children: [], batchSize: batchSize),
                denormalize: Denormalizer.rating)
        case .marketingPromos:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: PromoRecord.main, children: PromoRecord.children, batchSize: batchSize),
                denormalize: Denormalizer.marketingPromo)
        case .sportsEvents:
            return DocumentSource(
                index: index,
                reader: try BatchedReader(
                    db: db, main: SportsEventRecord.main, children: SportsEventRecord.children,
                    batchSize: batchSize),
                denormalize: Denormalizer.sportsEvent)
        }
    }
}
