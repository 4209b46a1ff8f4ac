import ESModels

/// The sort of a search, resolved against one index: for each criterion, how to read a
/// document's value, the direction, and where missing values go.
///
/// Checks what Elasticsearch checks on each shard: a text field without `fielddata` cannot be
/// sorted on, an unmapped field needs `unmapped_type`, a field inside a nested object needs the
/// `nested` option.
struct SortPlan {
    enum Output {
        case integer
        case floating
        case text
    }

    struct FieldKey {
        var descending: Bool
        var missingFirst: Bool
        var missingValue: SortValue?
        var output: Output
        var value: (Int) -> SortValue
        /// For a root-level numeric field sorted by its smallest or largest value: the column
        /// and which end, so a search can compare raw encoded values.
        var numeric: (column: FieldColumn, largest: Bool)? = nil
    }

    enum Key {
        case score(descending: Bool)
        case doc(descending: Bool)
        case field(FieldKey)
    }

    private(set) var keys: [Key] = []

    /// Whether the sort reads scores (no sort at all sorts by score).
    var usesScore: Bool {
        keys.contains { if case .score = $0 { return true } else { return false } }
    }

    /// The plan for `fields` on one index.
    ///
    /// - Throws: `query_shard_exception` or `illegal_argument_exception` with Elasticsearch's reasons.
    init(_ fields: [SortField], compiler: QueryCompiler, indexPosition: Int = 0) throws {
        if fields.isEmpty {
            keys = [.score(descending: true)]
            return
        }
        for field in fields {
            switch field.field {
            case "_score": keys.append(.score(descending: field.effectiveOrder == .desc))
            case "_doc": keys.append(.doc(descending: field.effectiveOrder == .desc))
            case "_shard_doc":
                // Elasticsearch's tiebreaker of points in time: the shard's position in the high
                // 32 bits, the document in the low ones.
                let shard = Int64(indexPosition) << 32
                keys.append(
                    .field(
                        FieldKey(
                            descending: field.effectiveOrder == .desc, missingFirst: false, missingValue: nil,
                            output: .integer
                        ) { doc in .integer(shard | Int64(doc)) }))
            default: keys.append(.field(try Self.fieldKey(field, compiler: compiler)))
            }
        }
    }

    private static func fieldKey(_ sort: SortField, compiler: QueryCompiler) throws -> FieldKey {
        let descending = sort.effectiveOrder == .desc
        let missingFirst: Bool
        var missingValue: SortValue?
        switch sort.missing {
        case .first?: missingFirst = true
        case .value(let value)?:
            missingFirst = false
            missingValue = Self.sortValue(of: value)
        default: missingFirst = false
        }
        let lookup = compiler.lookup
        if sort.field == "_id" {
            throw ElasticsearchError.illegalArgument(
                "Fielddata access on the _id field is disallowed, you can re-enable it by updating the dynamic "
                    + "cluster setting: indices.id_field_data.enabled")
        }
        guard let mapped = lookup.field(sort.field), let kind = mapped.kind else {
            if let unmapped = sort.unmappedType {
                let output: Output = unmapped == "keyword" || unmapped == "text" ? .text : .integer
                return FieldKey(
                    descending: descending, missingFirst: missingFirst, missingValue: missingValue,
                    output: output
                ) { _ in .missing }
            }
            throw ElasticsearchError.queryShard(
                "No mapping found for [\(sort.field)] in order to sort on", index: compiler.index)
        }
        if kind == .text && mapped.mapping.parameters["fielddata"]?.boolValue != true {
            throw ElasticsearchError.illegalArgument(
                "Text fields are not optimised for operations that require per-document field data like aggregations "
                    + "and sorting, so these operations are disabled by default. Please use a keyword field instead. "
                    + "Alternatively, set fielddata=true on [\(sort.field)] in order to load field data by uninverting "
                    + "the inverted index. Note that this can use significant memory.")
        }
        let output: Output =
            switch kind {
            case .keyword, .text: .text
            case .double: .floating
            case .long, .date, .boolean: .integer
            }
        let mode = sort.mode ?? (descending ? .max : .min)
        let reader: (Int) -> SortValue
        if mapped.level.isEmpty {
            let column = compiler.shard.root.columns[mapped.path]
            reader = Self.reader(column: column, kind: kind, mode: mode)
        } else {
            guard let nested = sort.nested else {
                throw ElasticsearchError.queryShard(
                    "it is mandatory to set the [nested] context on the nested sort field: [\(sort.field)].",
                    index: compiler.index)
            }
            reader = try Self.nestedReader(
                sort, nested: nested, field: mapped, kind: kind, mode: mode, compiler: compiler)
        }
        var key = FieldKey(
            descending: descending, missingFirst: missingFirst, missingValue: missingValue, output: output,
            value: reader)
        if mapped.level.isEmpty, kind.hasPoints, mode == .min || mode == .max,
            let column = compiler.shard.root.columns[mapped.path]
        {
            key.numeric = (column, mode == .max)
        }
        return key
    }

    private static func reader(column: FieldColumn?, kind: ColumnKind, mode: SortField.Mode) -> (Int) ->
        SortValue
    {
        guard let column else { return { _ in .missing } }
        switch kind {
        case .keyword:
            return { doc in
                column.keywordSortValue(doc, largest: mode == .max).map(SortValue.text) ?? .missing
            }
        case .text:
            let tokens = TextSortValues(column: column, largest: mode == .max)
            return { doc in tokens.values[UInt32(doc)].map(SortValue.text) ?? .missing }
        case .double:
            return { doc in
                Self.combine(column.numericValues(doc).map(SortableDouble.decode), mode: mode).map(
                    SortValue.floating)
                    ?? .missing
            }
        case .long, .date, .boolean:
            return { doc in
                switch mode {
                case .min, .max:
                    return column.numericSortValue(doc, largest: mode == .max).map(SortValue.integer)
                        ?? .missing
                default:
                    return Self.combine(column.numericValues(doc).map { Double($0) }, mode: mode).map {
                        SortValue.integer(Int64($0.rounded(.towardZero)))
                    } ?? .missing
                }
            }
        }
    }

    private static func nestedReader(
        _ sort: SortField, nested: SortField.Nested, field: MappingLookup.Field, kind: ColumnKind,
        mode: SortField.Mode, compiler: QueryCompiler
    ) throws -> (Int) -> SortValue {
        guard compiler.lookup.isNested(nested.path) else {
            throw ElasticsearchError.queryShard(
                "[nested] nested object under path [\(nested.path)] is not of nested type",
                index: compiler.index)
        }
        guard let level = compiler.shard.level(field.level) else { return { _ in .missing } }
        let column = level.columns[field.path]
        let filter = try nested.filter.map { try compiler.compile($0, level: field.level).matches }
        var chain: [[UInt32]] = []
        var current = field.level
        while !current.isEmpty, let parent = compiler.lookup.nestedParents[current] {
            chain.append(compiler.shard.level(current)?.parents ?? [])
            current = parent
        }
        var collected: [UInt32: [SortValue]] = [:]
        let perDoc = reader(column: column, kind: kind, mode: mode)
        for doc in 0..<level.docCount {
            if let filter, !filter.contains(doc) { continue }
            let value = perDoc(doc)
            if value == .missing { continue }
            var root = UInt32(doc)
            for parents in chain { root = parents[Int(root)] }
            collected[root, default: []].append(value)
        }
        let combined = collected.mapValues { values -> SortValue in
            Self.combineValues(values, mode: mode)
        }
        return { doc in combined[UInt32(doc)] ?? .missing }
    }

    private static func combine(_ values: [Double], mode: SortField.Mode) -> Double? {
        guard !values.isEmpty else { return nil }
        switch mode {
        case .min: return values.min()
        case .max: return values.max()
        case .sum: return values.reduce(0, +)
        case .avg: return values.reduce(0, +) / Double(values.count)
        case .median:
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    private static func combineValues(_ values: [SortValue], mode: SortField.Mode) -> SortValue {
        let numbers = values.compactMap { value -> Double? in
            switch value {
            case .integer(let number): Double(number)
            case .floating(let number): number
            default: nil
            }
        }
        if numbers.count == values.count, let combined = combine(numbers, mode: mode) {
            if case .integer = values[0], mode == .min || mode == .max || mode == .sum {
                return .integer(Int64(combined))
            }
            return .floating(combined)
        }
        let sorted = values.sorted { SortValue.compare($0, $1) < 0 }
        return (mode == .max ? sorted.last : sorted.first) ?? .missing
    }

    private static func sortValue(of json: JSONValue) -> SortValue {
        switch json {
        case .int(let number): .integer(Int64(number))
        case .double(let number): .floating(number)
        case .string(let text):
            Int64(text).map(SortValue.integer) ?? Double(text).map(SortValue.floating) ?? .text(text)
        case .bool(let flag): .integer(flag ? 1 : 0)
        default: .missing
        }
    }
}

/// Sort values of a `text` field with `fielddata`: each document's smallest (or largest) token,
/// found by uninverting the terms, as fielddata does.
private struct TextSortValues {
    var values: [UInt32: String] = [:]

    init(column: FieldColumn, largest: Bool) {
        for (term, postings) in column.terms {
            for doc in postings.docs {
                if let current = values[doc] {
                    let replace =
                        largest
                        ? current.utf8.lexicographicallyPrecedes(term.utf8)
                        : term.utf8.lexicographicallyPrecedes(current.utf8)
                    if replace { values[doc] = term }
                } else {
                    values[doc] = term
                }
            }
        }
    }
}
