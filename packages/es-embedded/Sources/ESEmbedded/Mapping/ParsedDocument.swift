/// A document turned into what the index stores: for the root and for every nested object,
/// the indexed values of each field.
struct ParsedDocument: Sendable {
    /// One indexed unit: the root document or one nested object.
    struct Level: Sendable {
        /// `""` for the root, else the nested field's path.
        var path: String
        /// The index (in ``ParsedDocument/levels``) of the level this one is nested in; -1 for the root.
        var parent: Int
        /// Indexed values by full field path.
        var fields = IndexedFields()
        /// Other levels that also index this level's values (`include_in_parent`/`include_in_root`).
        var alsoInto: [Int] = []
    }

    /// The root first, then nested objects in document order (a parent before its children).
    var levels: [Level] = [Level(path: "", parent: -1)]

    /// Adds values of a field to a level (and to the levels it is included in).
    mutating func add(_ values: FieldValues, kind: ColumnKind, path: String, level: Int) {
        levels[level].fields.add(values, kind: kind, path: path)
        guard !levels[level].alsoInto.isEmpty else { return }
        for target in levels[level].alsoInto {
            levels[target].fields.add(values, kind: kind, path: path)
        }
    }
}

/// The indexed values of one field in one document.
struct IndexedField: Sendable {
    var kind: ColumnKind
    var values: FieldValues
}

/// The fields of one indexed unit, in the order they were parsed. A document has a few dozen
/// fields at most, so a list searched linearly beats hashing every path.
struct IndexedFields: Sendable, Sequence {
    private(set) var entries: [(path: String, field: IndexedField)] = []

    /// The values of `path`.
    subscript(path: String) -> IndexedField? {
        entries.first { $0.path == path }?.field
    }

    /// Adds values to `path` (after any it already has).
    mutating func add(_ values: FieldValues, kind: ColumnKind, path: String) {
        if let position = entries.firstIndex(where: { $0.path == path }) {
            entries[position].field.values = entries[position].field.values.appending(values)
        } else {
            entries.append((path, IndexedField(kind: kind, values: values)))
        }
    }

    func makeIterator() -> IndexingIterator<[(path: String, field: IndexedField)]> {
        entries.makeIterator()
    }
}
