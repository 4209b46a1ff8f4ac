import ESModels

extension ShardData {
    /// The `_source` of `doc`, parsed from its text (`null` once deleted).
    func source(_ doc: Int) -> JSONValue {
        let text = sourceTexts[doc]
        guard !text.isEmpty else { return .null }
        // The text was written by ``SourceWriter``: it always parses.
        return (try? JSONValue(parsing: text)) ?? .null
    }

    /// The `_source` of `doc` with only what lies on the way to the field `path` (`a.b.c`):
    /// every object member whose key is `path` or a dotted prefix of it (`a`, `a.b`, `a.b.c`),
    /// the rest of the path read in its value the same way, arrays element by element, the
    /// value at the end whole.
    ///
    /// What a reader of one field (a vector, a rank feature, a collapse key, a phrase's
    /// strings) finds in it is what it finds in the whole `_source`; only that part is built as
    /// a tree, the rest of the text is skipped.
    func source(_ doc: Int, along path: String) -> JSONValue {
        let text = sourceTexts[doc]
        guard !text.isEmpty else { return .null }
        let value = try? text.withUnsafeBufferPointer { bytes in
            try JSONCursor.read(bytes) { cursor in try Self.read(&cursor, along: Substring(path)) }
        }
        return value ?? .null
    }

    private static func read(_ cursor: inout JSONCursor, along path: Substring) throws -> JSONValue {
        guard !path.isEmpty else { return try cursor.readValue() }
        switch try cursor.peekKind() {
        case .object:
            var members: [String: JSONValue] = [:]
            try cursor.readObject { key, cursor in
                if path == key {
                    members[key] = try cursor.readValue()
                } else if path.hasPrefix(key), path.dropFirst(key.count).first == "." {
                    members[key] = try read(&cursor, along: path.dropFirst(key.count + 1))
                } else {
                    try cursor.skipValue()
                }
            }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try cursor.readArray { cursor in elements.append(try read(&cursor, along: path)) }
            return .array(elements)
        default:
            return try cursor.readValue()
        }
    }
}
