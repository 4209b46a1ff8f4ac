import ESModels

/// Builds the documents of a list of ids of one index (the ids the change feed names): the ones
/// that exist, those that no longer do, and those that cannot be built.
///
/// ```swift
/// let lookup = try DocumentLookup.make(for: .assetflat, db: db)
/// let found = try lookup.documents(["uuid-1", "uuid-2"])   // .documents, .missing, .errors
/// ```
public final class DocumentLookup {
    /// What a lookup found.
    public struct Result: Sendable {
        /// The documents built, as `(id, _source)`.
        public var documents: [(id: String, source: JSONValue)]
        /// Ids with no main row any more: their documents are to be deleted.
        public var missing: [String]
        /// The documents that could not be built, with their ids.
        public var errors: [DocumentError]
        /// Rows read for them.
        public var rowsRead: Int
    }

    /// The index the documents are for.
    public let index: IndexName
    private let lookup: ([String]) throws -> Result

    init<Record: NormalizedRecord, Document: DocumentSourceJSON>(
        index: IndexName, reader: KeyedReader<Record>,
        denormalize: @escaping (Record) throws(DocumentError) -> Document
    ) {
        self.index = index
        self.lookup = { ids in
            let before = reader.rowsRead
            let records = try reader.records(ids)
            var result = Result(documents: [], missing: [], errors: [], rowsRead: 0)
            var found: Set<String> = []
            for record in records {
                found.insert(record.id)
                do throws(DocumentError) {
                    let document = try denormalize(record)
                    result.documents.append((document.documentID, document.sourceJSON))
                } catch {
                    result.errors.append(error)
                }
            }
            result.missing = ids.filter { !found.contains($0) }
            result.rowsRead = reader.rowsRead - before
            return result
        }
    }

    /// The documents of `ids`.
    public func documents(_ ids: [String]) throws -> Result {
        try lookup(ids)
    }

    /// The lookup of one of our indices.
    public static func make(for index: IndexName, db: any CMSConnection) throws -> DocumentLookup {
        func lookup<Record: NormalizedRecord, Document: DocumentSourceJSON>(
            _ main: RecordQuery<Record>, _ children: [RecordQuery<Record>],
            _ denormalize: @escaping (Record) throws(DocumentError) -> Document
        ) throws -> DocumentLookup {
            DocumentLookup(
                index: index, reader: try KeyedReader(db: db, main: main, children: children),
                denormalize: denormalize)
        }
        switch index {
        case .assetflat: return try lookup(AssetQueries.main, AssetQueries.children, Denormalizer.assetFlat)
        case .territories:
            return try lookup(CodeNameRecord.main(table: "territories"), [], Denormalizer.territory)
        case .languages: return try lookup(CodeNameRecord.main(table: "languages"), [], Denormalizer.language)
        case .categories:
            return try lookup(CategoryRecord.main, CategoryRecord.children, Denormalizer.category)
        case .ratings: return try lookup(RatingRecord.main, RatingRecord.children, Denormalizer.rating)
        case .marketingPromos:
            return try lookup(PromoRecord.main, PromoRecord.children, Denormalizer.marketingPromo)
        case .sportsEvents:
            return try lookup(SportsEventRecord.main, SportsEventRecord.children, Denormalizer.sportsEvent)
        case .rows:
            return try lookup(PromotedRowRecord.main, PromotedRowRecord.children, Denormalizer.promotedRow)
        }
    }
}
