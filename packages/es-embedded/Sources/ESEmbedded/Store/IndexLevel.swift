/// The indexed documents of one level of an index: the root documents, or the objects of one
/// nested field (each knowing the document of the level above it belongs to).
struct IndexLevel: Sendable {
    /// Documents ever added (numbers `0..<docCount`), deleted ones included.
    private(set) var docCount = 0
    /// For a nested level: the parent document of each document.
    private(set) var parents: [UInt32] = []
    /// Columns by full field path.
    private(set) var columns: [String: FieldColumn] = [:]

    /// Adds a document with its indexed fields; returns its number.
    mutating func append(_ fields: IndexedFields, parent: UInt32?) -> UInt32 {
        let doc = UInt32(docCount)
        docCount += 1
        if let parent { parents.append(parent) }
        for (path, field) in fields {
            if let position = columns.index(forKey: path) {
                columns.values[position].add(field.values, doc: doc)
            } else {
                var column = FieldColumn(kind: field.kind)
                column.add(field.values, doc: doc)
                columns[path] = column
            }
        }
        return doc
    }

    /// Sorts pending points (at refresh).
    mutating func seal() {
        for path in columns.keys where columns[path]?.points.hasPending == true {
            columns[path]?.seal()
        }
    }
}
