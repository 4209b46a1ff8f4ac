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
        var fields: [String: IndexedField] = [:]
        /// Other levels that also index this level's values (`include_in_parent`/`include_in_root`).
        var alsoInto: [Int] = []
    }

    /// The root first, then nested objects in document order (a parent before its children).
    var levels: [Level] = [Level(path: "", parent: -1)]

    /// Adds values of a field to a level (and to the levels it is included in).
    mutating func add(_ values: FieldValues, kind: ColumnKind, path: String, level: Int) {
        for target in [level] + levels[level].alsoInto {
            if let existing = levels[target].fields[path] {
                levels[target].fields[path] = IndexedField(
                    kind: kind, values: existing.values.appending(values))
            } else {
                levels[target].fields[path] = IndexedField(kind: kind, values: values)
            }
        }
    }
}

/// The indexed values of one field in one document.
struct IndexedField: Sendable {
    var kind: ColumnKind
    var values: FieldValues
}
