import ESModels

/// The indexed content of one index (postings, points, sort values, nested levels, document
/// numbers), stored next to a snapshot so that a start restores it instead of parsing and
/// indexing every document again, which was over 80 % of a restart.
///
/// The image is a cache of what the snapshot's documents produce: the documents themselves stay
/// in the snapshot, one record each (what `repair` salvages). An image that is missing, damaged,
/// written by another ``version`` of the indexing code, or that does not match the snapshot's
/// documents, is ignored and the documents are indexed again.
///
/// Arrays of numbers are stored as their bytes (little-endian hosts only: a big-endian host
/// ignores images); strings as a length and UTF-8 bytes; keyword sort values as ordinals into
/// the column's terms, so they share the terms' storage when read back.
enum IndexImage {
    /// Bump whenever indexing changes what it stores (analysis, column layout, doc values):
    /// images of another version are ignored.
    static let version: UInt32 = 2  // 2: custom analyzers from the index settings

    /// What an image restores: everything of a ``ShardData`` but the documents' sources.
    struct Content: Sendable {
        var root: IndexLevel
        var nested: [String: IndexLevel]
        var ids: [String]
        var versions: [Int]
        var seqNos: [Int]
        var live: DocSet
    }

    /// The records of an image, in the order they are written: the index's levels (the root
    /// first, then nested ones by path), each followed by its columns, then its documents. Each
    /// is framed on its own, so a large index is written (and checksummed) a column at a time.
    enum Part {
        case level(path: String, docCount: Int, parents: [UInt32], columns: Int)
        case column(path: String, FieldColumn)
        case documents(ids: [String], versions: [Int], seqNos: [Int], live: DocSet)
    }

    private enum Tag: UInt8 {
        case level = 1
        case column = 2
        case documents = 3
    }

    /// Calls `emit` with each part of `shard`'s image, written into the buffer it is given.
    static func write(_ shard: ShardData, emit: ((inout ByteWriter) -> Void) throws -> Void) rethrows {
        let levels = [("", shard.root)] + shard.nested.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (path, level) in levels {
            let columns = level.orderedColumns
            try emit { writer in
                writer.byte(Tag.level.rawValue)
                writer.string(path)
                writer.integer(UInt64(level.docCount))
                writer.raw(level.parents)
                writer.integer(UInt64(columns.count))
            }
            for (columnPath, column) in columns {
                try emit { writer in
                    writer.byte(Tag.column.rawValue)
                    writer.string(columnPath)
                    writeColumn(column, into: &writer)
                }
            }
        }
        try emit { writer in
            writer.byte(Tag.documents.rawValue)
            writer.strings(shard.ids)
            writer.raw(shard.versions)
            writer.raw(shard.seqNos)
            writer.integer(UInt64(shard.live.capacity))
            writer.raw(shard.live.words)
        }
    }

    static func readPart(_ bytes: ArraySlice<UInt8>) throws(RecordCodec.DecodingFailure) -> Part {
        var reader = ByteReader(bytes: bytes)
        switch Tag(rawValue: try reader.byte()) {
        case .level:
            let path = try reader.string()
            let docCount = try reader.integer()
            guard docCount <= UInt64(UInt32.max) else {
                throw RecordCodec.DecodingFailure(reason: "malformed level")
            }
            return .level(
                path: path, docCount: Int(docCount), parents: try reader.raw(), columns: try reader.count())
        case .column:
            return .column(path: try reader.string(), try readColumn(&reader))
        case .documents:
            let ids = try reader.strings()
            let versions: [Int] = try reader.raw()
            let seqNos: [Int] = try reader.raw()
            let capacity = try reader.count()
            guard let live = DocSet(words: try reader.raw(), capacity: capacity) else {
                throw RecordCodec.DecodingFailure(reason: "malformed live set")
            }
            return .documents(ids: ids, versions: versions, seqNos: seqNos, live: live)
        case nil:
            throw RecordCodec.DecodingFailure(reason: "unknown image record")
        }
    }

    /// Puts an image back together from its parts, in order; `nil` from ``content`` when they
    /// are not a whole image.
    struct Assembly {
        private struct LevelParts {
            var path: String
            var docCount: Int
            var parents: [UInt32]
            var expected: Int
            var columns: [(path: String, column: FieldColumn)] = []

            var level: IndexLevel { IndexLevel(docCount: docCount, parents: parents, columns: columns) }
        }

        private var levels: [LevelParts] = []
        private var documents: (ids: [String], versions: [Int], seqNos: [Int], live: DocSet)?
        private var broken = false

        mutating func add(_ part: Part) {
            switch part {
            case .level(let path, let docCount, let parents, let columns):
                if let last = levels.last, last.columns.count != last.expected { broken = true }
                levels.append(LevelParts(path: path, docCount: docCount, parents: parents, expected: columns))
            case .column(let path, let column):
                guard let last = levels.indices.last, levels[last].columns.count < levels[last].expected
                else {
                    broken = true
                    return
                }
                levels[last].columns.append((path, column))
            case .documents(let ids, let versions, let seqNos, let live):
                if documents != nil { broken = true }
                documents = (ids, versions, seqNos, live)
            }
        }

        /// Marks the image unusable (one of its records is damaged).
        mutating func markBroken() {
            broken = true
        }

        /// The image, when its parts made a whole one.
        var content: Content? {
            guard !broken, let documents, let root = levels.first, root.path.isEmpty,
                levels.allSatisfy({ $0.columns.count == $0.expected })
            else { return nil }
            var nested: [String: IndexLevel] = [:]
            for parts in levels.dropFirst() { nested[parts.path] = parts.level }
            return Content(
                root: root.level, nested: nested, ids: documents.ids, versions: documents.versions,
                seqNos: documents.seqNos, live: documents.live)
        }
    }

    private static let kinds: [ColumnKind] = [.keyword, .text, .long, .double, .date, .boolean]

    private static func writeColumn(_ column: FieldColumn, into writer: inout ByteWriter) {
        writer.byte(UInt8(kinds.firstIndex(of: column.kind) ?? 0))
        // Keyword sort values are written as ordinals into the terms (only keyword columns have
        // them, so only they pay for the map).
        let needsOrdinals = !column.minKeyword.isEmpty
        var ordinals: [String: UInt32] = [:]
        if needsOrdinals { ordinals.reserveCapacity(column.terms.count) }
        writer.integer(UInt64(column.terms.count))
        for (position, (term, postings)) in column.terms.enumerated() {
            if needsOrdinals { ordinals[term] = UInt32(position + 1) }
            writer.string(term)
            writer.raw(postings.docs)
            writer.raw(postings.freqs)
        }
        writer.raw(column.points.sorted.map(\.value))
        writer.raw(column.points.sorted.map(\.doc))
        writer.raw(column.points.pending.map(\.value))
        writer.raw(column.points.pending.map(\.doc))
        writer.raw(column.existingDocs)
        // Sort values are terms of the same column (0: none).
        writer.raw(column.smallestKeywords.map { $0.flatMap { ordinals[$0] } ?? 0 })
        writer.raw(column.largestKeywords.map { $0.flatMap { ordinals[$0] } ?? 0 })
        writer.raw(column.minValue)
        writer.raw(column.largestValues)
        writer.raw(column.hasValue.map { $0 ? UInt8(1) : 0 })
        writer.integer(UInt64(column.multiValues.count))
        for (doc, values) in column.multiValues.sorted(by: { $0.key < $1.key }) {
            writer.integer32(doc)
            writer.raw(values)
        }
        writer.raw(column.lengths)
        writer.integer(UInt64(bitPattern: Int64(column.totalTokens)))
    }

    private static func readColumn(_ reader: inout ByteReader) throws(RecordCodec.DecodingFailure)
        -> FieldColumn
    {
        let kindIndex = Int(try reader.byte())
        guard kindIndex < kinds.count else {
            throw RecordCodec.DecodingFailure(reason: "unknown column kind")
        }
        let termCount = try reader.count()
        var terms: [String] = []
        terms.reserveCapacity(termCount)
        var postings: [String: PostingList] = [:]
        postings.reserveCapacity(termCount)
        for _ in 0..<termCount {
            let term = try reader.string()
            let docs: [UInt32] = try reader.raw()
            let freqs: [UInt32] = try reader.raw()
            guard freqs.isEmpty || freqs.count == docs.count else {
                throw RecordCodec.DecodingFailure(reason: "malformed posting list")
            }
            terms.append(term)
            postings[term] = PostingList(docs: docs, freqs: freqs)
        }
        func points(_ values: [Int64], _ docs: [UInt32]) throws(RecordCodec.DecodingFailure) -> [PointIndex
            .Point]
        {
            guard values.count == docs.count else {
                throw RecordCodec.DecodingFailure(reason: "malformed points")
            }
            return zip(values, docs).map { PointIndex.Point(value: $0, doc: $1) }
        }
        let sorted = try points(try reader.raw(), try reader.raw())
        let pending = try points(try reader.raw(), try reader.raw())
        let exists: [UInt32] = try reader.raw()
        func keywords(_ ordinals: [UInt32]) throws(RecordCodec.DecodingFailure) -> [String?] {
            var result: [String?] = []
            result.reserveCapacity(ordinals.count)
            for ordinal in ordinals {
                guard ordinal <= terms.count else {
                    throw RecordCodec.DecodingFailure(reason: "malformed sort value")
                }
                result.append(ordinal == 0 ? nil : terms[Int(ordinal) - 1])
            }
            return result
        }
        let minKeyword = try keywords(try reader.raw())
        let maxKeyword = try keywords(try reader.raw())
        let minValue: [Int64] = try reader.raw()
        let maxValue: [Int64] = try reader.raw()
        let hasValue: [UInt8] = try reader.raw()
        var multiValues: [UInt32: [Int64]] = [:]
        for _ in 0..<(try reader.count()) {
            let doc = try reader.integer32()
            multiValues[doc] = try reader.raw()
        }
        let lengths: [UInt32] = try reader.raw()
        let totalTokens = Int(Int64(bitPattern: try reader.integer()))
        return FieldColumn(
            kind: kinds[kindIndex], terms: postings, points: PointIndex(sorted: sorted, pending: pending),
            exists: exists, minKeyword: minKeyword, maxKeyword: maxKeyword, minValue: minValue,
            maxValue: maxValue,
            hasValue: hasValue.map { $0 != 0 }, multiValues: multiValues, lengths: lengths,
            totalTokens: totalTokens)
    }
}

extension ByteWriter {
    /// An array of fixed-size numbers: its count, then its bytes as they are in memory.
    mutating func raw<Element: FixedWidthInteger>(_ values: [Element]) {
        integer(UInt64(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Strings: their count, then each as a length and UTF-8 bytes.
    mutating func strings(_ values: [String]) {
        integer(UInt64(values.count))
        for value in values { string(value) }
    }
}

extension ByteReader {
    /// A count that must fit what is left (so damage cannot ask for a huge allocation).
    mutating func count() throws(RecordCodec.DecodingFailure) -> Int {
        let value = try integer()
        guard value <= UInt64(bytes.count) * 8 + 64 else {
            throw RecordCodec.DecodingFailure(reason: "malformed count")
        }
        return Int(value)
    }

    /// What ``ByteWriter/raw(_:)`` wrote.
    mutating func raw<Element: FixedWidthInteger>() throws(RecordCodec.DecodingFailure) -> [Element] {
        let count = try count()
        let size = count * MemoryLayout<Element>.stride
        guard bytes.count >= size else { throw RecordCodec.DecodingFailure(reason: "record ends early") }
        let values = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: source[0..<size]))
            }
            initialized = count
        }
        bytes = bytes.dropFirst(size)
        return values
    }

    /// What ``ByteWriter/strings(_:)`` wrote.
    mutating func strings() throws(RecordCodec.DecodingFailure) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }
}
