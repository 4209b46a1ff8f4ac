/// The indexed documents of one level of an index: the root documents, or the objects of one
/// nested field (each knowing the document of the level above it belongs to).
struct IndexLevel: Sendable {
    /// Columns by full field path: a list (changed in place while indexing) and its index.
    struct Columns: Sendable {
        fileprivate var list: [FieldColumn] = []
        fileprivate var positions: [String: Int] = [:]

        /// The column of `path`.
        subscript(path: String) -> FieldColumn? {
            positions[path].map { list[$0] }
        }
    }

    /// Documents ever added (numbers `0..<docCount`), deleted ones included.
    private(set) var docCount = 0
    /// For a nested level: the parent document of each document.
    private(set) var parents: [UInt32] = []
    /// Columns by full field path.
    private(set) var columns = Columns()

    init() {}

    /// A level as an index image stored it (``IndexImage``): its columns in order, by path.
    init(docCount: Int, parents: [UInt32], columns: [(path: String, column: FieldColumn)]) {
        self.docCount = docCount
        self.parents = parents
        for (path, column) in columns {
            self.columns.positions[path] = self.columns.list.count
            self.columns.list.append(column)
        }
    }

    /// The columns in order, with their paths (what an index image stores).
    var orderedColumns: [(path: String, column: FieldColumn)] {
        columns.positions.sorted { $0.value < $1.value }.map { ($0.key, columns.list[$0.value]) }
    }

    /// Adds a document with its indexed fields; returns its number.
    mutating func append(_ fields: IndexedFields, parent: UInt32?) -> UInt32 {
        let doc = UInt32(docCount)
        docCount += 1
        if let parent { parents.append(parent) }
        for (path, field) in fields {
            if let position = columns.positions[path] {
                columns.list[position].add(field.values, doc: doc)
            } else {
                var column = FieldColumn(kind: field.kind)
                column.add(field.values, doc: doc)
                columns.positions[path] = columns.list.count
                columns.list.append(column)
            }
        }
        return doc
    }

    /// Sorts pending points (at refresh).
    mutating func seal() {
        for position in columns.list.indices where columns.list[position].points.hasPending {
            columns.list[position].seal()
        }
    }
}
