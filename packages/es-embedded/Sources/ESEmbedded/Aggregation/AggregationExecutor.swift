import ESModels
import Foundation

/// Computes aggregations over the documents a search matched, on every index it searched at
/// once (so buckets need no reduce step): each aggregation reads a list of slices, one per
/// index, of documents at one level (the root, or a nested path).
final class AggregationExecutor {
    struct Slice {
        var position: Int
        var target: SearchTarget
        var compiler: QueryCompiler
        var level: String
        var docs: DocSet
    }

    /// Elasticsearch's `search.max_buckets` default.
    static let maxBuckets = 65_536

    let now: Date
    private var keywordCache: [String: KeywordDocValues] = [:]
    private var bucketCount = 0

    init(now: Date) {
        self.now = now
    }

    /// Checks what Elasticsearch checks on each shard before collecting: fields that have no
    /// doc values for aggregations (text without `fielddata`) fail the shard.
    static func validate(_ aggregations: [String: Aggregation], compiler: QueryCompiler) throws {
        for name in aggregations.keys.sorted() {
            guard let aggregation = aggregations[name] else { continue }
            var field: String?
            switch aggregation.kind {
            case .terms(let terms): field = terms.field
            case .metric(let metric): field = metric.field
            case .histogram(let histogram): field = histogram.field
            case .dateHistogram(let histogram): field = histogram.field
            case .range(let range), .dateRange(let range): field = range.field
            default: field = nil
            }
            if let field, let mapped = compiler.lookup.field(field), mapped.kind == .text,
                mapped.mapping.parameters["fielddata"]?.boolValue != true
            {
                throw ElasticsearchError.illegalArgument(
                    "Fielddata is disabled on [\(field)] in [\(compiler.index.name)]. Text fields are not optimised for "
                        + "operations that require per-document field data like aggregations and sorting, so these "
                        + "operations are disabled by default. Please use a keyword field instead. Alternatively, set "
                        + "fielddata=true on [\(field)] in order to load field data by uninverting the inverted index. "
                        + "Note that this can use significant memory.")
            }
            if case .metric(let metric) = aggregation.kind,
                let mapped = compiler.lookup.field(metric.field),
                let kind = mapped.kind, kind == .keyword || kind == .text,
                metric.metric != .valueCount && metric.metric != .cardinality
            {
                throw ElasticsearchError.illegalArgument(
                    "Field [\(metric.field)] of type [\(mapped.type.rawValue)] is not supported for aggregation [\(metric.metric.rawValue)]"
                )
            }
            try validate(aggregation.aggregations, compiler: compiler)
        }
    }

    /// The `aggregations` object of the response.
    func run(_ aggregations: [String: Aggregation], on inputs: [(target: SearchTarget, matches: DocSet)])
        throws
        -> JSONValue
    {
        let slices = inputs.enumerated().map { position, input in
            Slice(
                position: position, target: input.target,
                compiler: QueryCompiler(
                    shard: input.target.shard, lookup: input.target.lookup, index: input.target.identity,
                    now: now),
                level: "", docs: input.matches)
        }
        return .object(try evaluate(aggregations, slices))
    }

    private func evaluate(_ aggregations: [String: Aggregation], _ slices: [Slice]) throws -> [String:
        JSONValue]
    {
        var output: [String: JSONValue] = [:]
        // In name order, so that of two failing aggregations the first by name is reported.
        for name in aggregations.keys.sorted() {
            guard let aggregation = aggregations[name] else { continue }
            var result = try evaluate(aggregation, slices)
            if let meta = aggregation.meta { result["meta"] = meta }
            output[name] = .object(result)
        }
        return output
    }

    private func countBuckets(_ added: Int) throws {
        bucketCount += added
        if bucketCount > Self.maxBuckets {
            throw ElasticsearchError(
                type: "too_many_buckets_exception",
                reason:
                    "Trying to create too many buckets. Must be less than or equal to: [\(Self.maxBuckets)] but was "
                    + "[\(bucketCount)]. This limit can be set by changing the [search.max_buckets] cluster level setting.",
                status: 400, metadata: ["max_buckets": .int(Self.maxBuckets)])
        }
    }

    /// A bucket's body: its count and its sub-aggregations.
    private func bucket(_ slices: [Slice], sub: [String: Aggregation], extra: [String: JSONValue] = [:])
        throws
        -> [String: JSONValue]
    {
        var body = extra
        body["doc_count"] = .int(slices.reduce(0) { $0 + $1.docs.count })
        for (name, value) in try evaluate(sub, slices) { body[name] = value }
        return body
    }

    /// Runs one aggregation, with Elasticsearch's defaults for what its body left out.
    private func evaluate(_ aggregation: Aggregation, _ slices: [Slice]) throws -> [String: JSONValue] {
        let sub = aggregation.aggregations
        switch aggregation.kind {
        case .filter(let query):
            return try bucket(try filtered(slices, query), sub: sub)
        case .filters(let spec):
            let filters: [(key: String, query: Query)]
            let keyedByDefault: Bool
            switch spec.filters {
            case .keyed(let named):
                filters = named.keys.sorted().compactMap { key in named[key].map { (key, $0) } }
                keyedByDefault = true
            case .anonymous(let list):
                filters = list.enumerated().map { (String($0.offset), $0.element) }
                keyedByDefault = false
            }
            let otherKey = spec.otherBucketKey ?? (spec.otherBucket == true ? "_other_" : nil)
            var buckets: [(String, [String: JSONValue])] = []
            var union = slices.map { DocSet(capacity: $0.docs.capacity) }
            for (key, query) in filters {
                let matched = try filtered(slices, query)
                for index in matched.indices { union[index].formUnion(matched[index].docs) }
                buckets.append((key, try bucket(matched, sub: sub)))
            }
            if let otherKey {
                var rest = slices
                for index in rest.indices { rest[index].docs.subtract(union[index]) }
                buckets.append((otherKey, try bucket(rest, sub: sub)))
            }
            try countBuckets(buckets.count)
            if spec.keyed ?? keyedByDefault {
                return [
                    "buckets": .object(
                        Dictionary(buckets.map { ($0.0, JSONValue.object($0.1)) }) { a, _ in a })
                ]
            }
            return ["buckets": .array(buckets.map { .object($0.1) })]
        case .nested(let path):
            return try bucket(slices.map { nested($0, path: path) }, sub: sub)
        case .reverseNested(let path):
            return try bucket(try slices.map { try reverseNested($0, path: path ?? "") }, sub: sub)
        case .terms(let terms):
            // `_term` is the old name of `_key`.
            let order = terms.order.map { $0.path == "_term" ? TermsAggregation.Order("_key", $0.order) : $0 }
            return try self.terms(
                field: terms.field, size: terms.size ?? 10, minDocCount: terms.minDocCount ?? 1, order: order,
                missing: terms.missing, slices, sub: sub)
        case .range(let range), .dateRange(let range):
            let date: Bool
            if case .dateRange = aggregation.kind { date = true } else { date = false }
            return try self.range(
                field: range.field, ranges: range.ranges, keyed: range.keyed ?? false, date: date,
                format: range.format, slices, sub: sub)
        case .histogram(let histogram):
            return try self.histogram(
                field: histogram.field, interval: histogram.interval, offset: histogram.offset ?? 0,
                minDocCount: histogram.minDocCount ?? 0,
                bounds: histogram.extendedBounds.map { ($0.min, $0.max) },
                keyed: histogram.keyed ?? false, slices, sub: sub)
        case .dateHistogram(let histogram):
            return try dateHistogram(
                field: histogram.field, interval: histogram.interval, zone: histogram.timeZone,
                minDocCount: histogram.minDocCount ?? 0,
                bounds: histogram.extendedBounds.map { ($0.min, $0.max) },
                format: histogram.format, keyed: histogram.keyed ?? false, offset: histogram.offset ?? 0,
                slices,
                sub: sub)
        case .metric(let metric):
            return metricValue(metric.metric, field: metric.field, missing: metric.missing, slices)
        case .topHits(let topHits):
            return try self.topHits(
                size: topHits.size ?? 3, from: topHits.from ?? 0, sort: topHits.sort, source: topHits.source,
                slices)
        }
    }

    // MARK: - Single-bucket aggregations

    private func filtered(_ slices: [Slice], _ query: Query) throws -> [Slice] {
        try slices.map { slice in
            var copy = slice
            copy.docs.formIntersection(try slice.compiler.compile(query, level: slice.level).matches)
            return copy
        }
    }

    /// The objects of the nested field `path` whose parents are in the slice.
    private func nested(_ slice: Slice, path: String) -> Slice {
        var copy = slice
        copy.level = path
        let lookup = slice.target.lookup
        guard lookup.isNested(path), let level = slice.target.shard.level(path),
            let chain = parentChain(slice, from: path, to: slice.level)
        else {
            copy.docs = DocSet(capacity: 0)
            return copy
        }
        var docs = DocSet(capacity: level.docCount)
        for doc in 0..<level.docCount {
            var current = UInt32(doc)
            for parents in chain { current = parents[Int(current)] }
            if slice.docs.contains(Int(current)) { docs.insert(doc) }
        }
        copy.docs = docs
        return copy
    }

    /// The parents (at `path`, the root when empty) of the slice's nested objects.
    private func reverseNested(_ slice: Slice, path: String) throws -> Slice {
        guard !slice.level.isEmpty || path.isEmpty else {
            throw ElasticsearchError.illegalArgument(
                "Reverse nested aggregation [\(path)] can only be used inside a [nested] aggregation")
        }
        var copy = slice
        copy.level = path
        guard let chain = parentChain(slice, from: slice.level, to: path),
            let level = slice.target.shard.level(path)
        else {
            copy.docs = DocSet(capacity: 0)
            return copy
        }
        var docs = DocSet(capacity: level.docCount)
        for doc in slice.docs {
            var current = UInt32(doc)
            for parents in chain { current = parents[Int(current)] }
            docs.insert(Int(current))
        }
        copy.docs = docs
        return copy
    }

    private func parentChain(_ slice: Slice, from path: String, to level: String) -> [[UInt32]]? {
        var chain: [[UInt32]] = []
        var current = path
        while current != level {
            guard let parent = slice.target.lookup.nestedParents[current] else { return nil }
            chain.append(slice.target.shard.level(current)?.parents ?? [])
            current = parent
        }
        return chain
    }

    // MARK: - Values

    /// What a field holds, as the aggregations read it.
    private enum FieldReader {
        case none
        case keyword(KeywordDocValues)
        case numeric(FieldColumn, ColumnKind)
    }

    private func reader(_ slice: Slice, field: String) -> FieldReader {
        guard let mapped = slice.target.lookup.field(field), mapped.level == slice.level,
            let kind = mapped.kind,
            let level = slice.target.shard.level(slice.level), let column = level.columns[mapped.path]
        else { return .none }
        switch kind {
        case .keyword, .text:
            let cacheKey = "\(slice.position)\u{0}\(slice.level)\u{0}\(field)"
            if let cached = keywordCache[cacheKey] { return .keyword(cached) }
            let values = KeywordDocValues(column: column, docCount: level.docCount)
            keywordCache[cacheKey] = values
            return .keyword(values)
        case .long, .date, .boolean, .double:
            return .numeric(column, kind)
        }
    }

    private func kind(_ slices: [Slice], field: String) -> ColumnKind? {
        slices.lazy.compactMap { $0.target.lookup.field(field)?.kind }.first
    }

    /// Calls `body` with each value of `doc` as a key.
    private func forEachKey(_ reader: FieldReader, doc: Int, _ body: (BucketKey) -> Void) {
        switch reader {
        case .none: return
        case .keyword(let values):
            for ordinal in values.ordinals(of: doc) { body(.text(values.terms[Int(ordinal)])) }
        case .numeric(let column, let kind):
            for raw in column.numericValues(doc) {
                body(kind == .double ? .floating(SortableDouble.decode(raw)) : .integer(raw))
            }
        }
    }

    private func numbers(_ reader: FieldReader, doc: Int) -> [Double] {
        guard case .numeric(let column, let kind) = reader else { return [] }
        return column.numericValues(doc).map { kind == .double ? SortableDouble.decode($0) : Double($0) }
    }

    private func keyJSON(_ key: BucketKey, kind: ColumnKind?, renderer: DateRenderer?) -> [String: JSONValue]
    {
        switch key {
        case .text(let text): return ["key": .string(text)]
        case .floating(let number): return ["key": .double(number)]
        case .integer(let number):
            switch kind {
            case .date?:
                let renderer = renderer ?? DateRenderer(pattern: nil) { _ in 0 }
                return ["key": .int(Int(number)), "key_as_string": .string(renderer.render(number))]
            case .boolean?:
                return ["key": .int(Int(number)), "key_as_string": number == 0 ? "false" : "true"]
            case .double?: return ["key": .double(Double(number))]
            default: return ["key": .int(Int(number))]
            }
        }
    }

    // MARK: - terms

    private func terms(
        field: String, size: Int, minDocCount: Int, order: [TermsAggregation.Order], missing: JSONValue?,
        _ slices: [Slice], sub: [String: Aggregation]
    ) throws -> [String: JSONValue] {
        let kind = kind(slices, field: field)
        let needsDocs = !sub.isEmpty
        var counts: [BucketKey: Int] = [:]
        var docs: [BucketKey: [[Int]]] = [:]
        let missingKey: BucketKey? = missing.map { value in
            switch (kind, value) {
            case (.double?, _): return .floating(value.doubleValue ?? 0)
            case (.long?, .int(let number)), (.date?, .int(let number)): return .integer(Int64(number))
            case (.boolean?, .bool(let flag)): return .integer(flag ? 1 : 0)
            default: return .text(value.stringValue ?? value.compactString)
            }
        }
        for (index, slice) in slices.enumerated() {
            let reader = reader(slice, field: field)
            if case .keyword(let values) = reader, !needsDocs, missingKey == nil {
                // Counting by ordinal, then by term, is much cheaper than a dictionary per value.
                var perOrdinal = [Int](repeating: 0, count: values.terms.count)
                for doc in slice.docs {
                    for ordinal in values.ordinals(of: doc) { perOrdinal[Int(ordinal)] += 1 }
                }
                for (ordinal, count) in perOrdinal.enumerated() where count > 0 {
                    counts[.text(values.terms[ordinal]), default: 0] += count
                }
                continue
            }
            for doc in slice.docs {
                var seen = false
                forEachKey(reader, doc: doc) { key in
                    seen = true
                    counts[key, default: 0] += 1
                    if needsDocs { Self.append(doc, to: &docs[key], slice: index, of: slices.count) }
                }
                if !seen, let missingKey {
                    counts[missingKey, default: 0] += 1
                    if needsDocs { Self.append(doc, to: &docs[missingKey], slice: index, of: slices.count) }
                }
            }
        }
        func bucketSlices(_ key: BucketKey) -> [Slice] {
            slices.enumerated().map { index, slice in
                var copy = slice
                var set = DocSet(capacity: slice.docs.capacity)
                for doc in docs[key]?[index] ?? [] { set.insert(doc) }
                copy.docs = set
                return copy
            }
        }
        var keys = counts.keys.filter { counts[$0, default: 0] >= minDocCount }
        let orders = order.isEmpty ? [TermsAggregation.Order.countDescending] : order
        var subResults: [BucketKey: [String: JSONValue]] = [:]
        if orders.contains(where: { $0.path != "_count" && $0.path != "_key" }) {
            for key in keys { subResults[key] = try evaluate(sub, bucketSlices(key)) }
        }
        keys.sort { lhs, rhs in
            for item in orders {
                let comparison: Int
                switch item.path {
                case "_count":
                    comparison =
                        counts[lhs, default: 0] == counts[rhs, default: 0]
                        ? 0 : (counts[lhs, default: 0] < counts[rhs, default: 0] ? -1 : 1)
                case "_key":
                    comparison = lhs == rhs ? 0 : (BucketKey.precedes(lhs, rhs) ? -1 : 1)
                default:
                    let a = Self.metric(subResults[lhs], path: item.path)
                    let b = Self.metric(subResults[rhs], path: item.path)
                    comparison = a == b ? 0 : (a < b ? -1 : 1)
                }
                if comparison != 0 { return item.order == .asc ? comparison < 0 : comparison > 0 }
            }
            // Ties: by key, ascending (Elasticsearch's tiebreak for count orders).
            return BucketKey.precedes(lhs, rhs)
        }
        let kept = keys.prefix(size)
        try countBuckets(kept.count)
        let other = keys.dropFirst(size).reduce(0) { $0 + counts[$1, default: 0] }
        let renderer = DateRenderer(pattern: nil) { _ in 0 }
        let buckets = try kept.map { key -> JSONValue in
            var body = keyJSON(key, kind: kind, renderer: renderer)
            body["doc_count"] = .int(counts[key, default: 0])
            if !sub.isEmpty {
                for (name, value) in try subResults[key] ?? evaluate(sub, bucketSlices(key)) {
                    body[name] = value
                }
            }
            return .object(body)
        }
        return [
            "doc_count_error_upper_bound": 0, "sum_other_doc_count": .int(other), "buckets": .array(buckets),
        ]
    }

    private static func append(_ doc: Int, to lists: inout [[Int]]?, slice: Int, of count: Int) {
        if lists == nil { lists = Array(repeating: [], count: count) }
        if lists?[slice].last != doc { lists?[slice].append(doc) }
    }

    /// The value a terms order path names in a bucket's sub-aggregations (`price`, `stats.max`).
    private static func metric(_ results: [String: JSONValue]?, path: String) -> Double {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let result = results?[parts[0]] else { return -Double.infinity }
        let member = parts.count > 1 ? parts[1] : "value"
        return result[member]?.doubleValue ?? result["doc_count"]?.doubleValue ?? -Double.infinity
    }

    // MARK: - Ranges and histograms

    private func range(
        field: String, ranges: [RangeAggregation.Range], keyed: Bool, date: Bool, format: String?,
        _ slices: [Slice], sub: [String: Aggregation]
    ) throws -> [String: JSONValue] {
        let renderer = DateRenderer(pattern: format) { _ in 0 }
        func bound(_ value: JSONValue?) throws -> Double? {
            guard let value, !value.isNull else { return nil }
            if date {
                if case .string(let text) = value {
                    return Double(try DateMath.resolveMillis(text, now: now))
                }
                return value.doubleValue
            }
            guard let number = value.doubleValue ?? value.stringValue.flatMap(Double.init) else {
                throw ElasticsearchError.parsing("[range] failed to parse field [from]")
            }
            return number
        }
        var buckets: [(String, [String: JSONValue])] = []
        for range in ranges {
            let from = try bound(range.from)
            let to = try bound(range.to)
            let matched = slices.map { slice -> Slice in
                let reader = reader(slice, field: field)
                var copy = slice
                var set = DocSet(capacity: slice.docs.capacity)
                for doc in slice.docs
                where numbers(reader, doc: doc).contains(where: {
                    $0 >= (from ?? -.infinity) && $0 < (to ?? .infinity)
                }) {
                    set.insert(doc)
                }
                copy.docs = set
                return copy
            }
            func text(_ value: Double?) -> String {
                guard let value else { return "*" }
                return date ? renderer.render(Int64(value)) : "\(value)"
            }
            let key = range.key ?? "\(text(from))-\(text(to))"
            var extra: [String: JSONValue] = ["key": .string(key)]
            if let from {
                extra["from"] = .double(from)
                if date { extra["from_as_string"] = .string(text(from)) }
            }
            if let to {
                extra["to"] = .double(to)
                if date { extra["to_as_string"] = .string(text(to)) }
            }
            buckets.append((key, try bucket(matched, sub: sub, extra: extra)))
        }
        try countBuckets(buckets.count)
        if keyed {
            return [
                "buckets": .object(
                    Dictionary(
                        buckets.map { key, body in (key, JSONValue.object(body.filter { $0.key != "key" })) }
                    ) {
                        a, _ in a
                    })
            ]
        }
        return ["buckets": .array(buckets.map { .object($0.1) })]
    }

    private func histogram(
        field: String, interval: Double, offset: Double, minDocCount: Int, bounds: (Double, Double)?,
        keyed: Bool,
        _ slices: [Slice], sub: [String: Aggregation]
    ) throws -> [String: JSONValue] {
        let buckets = try collect(slices, field: field, sub: sub, minDocCount: minDocCount) { value in
            .floating(((value - offset) / interval).rounded(.down) * interval + offset)
        } fill: { low, high in
            var keys: [BucketKey] = []
            var lower = low.number
            var upper = high.number
            if let bounds {
                lower = min(lower, ((bounds.0 - offset) / interval).rounded(.down) * interval + offset)
                upper = max(upper, ((bounds.1 - offset) / interval).rounded(.down) * interval + offset)
            }
            var key = lower
            while key <= upper {
                keys.append(.floating(key))
                key += interval
                if keys.count > Self.maxBuckets { break }
            }
            return keys
        } render: { key in
            ["key": .double(key.number)]
        }
        return Self.bucketsJSON(buckets, keyed: keyed)
    }

    private func dateHistogram(
        field: String, interval: DateHistogramAggregation.Interval, zone: String?, minDocCount: Int,
        bounds: (JSONValue, JSONValue)?, format: String?, keyed: Bool, offset: Int64, _ slices: [Slice],
        sub: [String: Aggregation]
    ) throws -> [String: JSONValue] {
        let timeZone = try zone.map(DateMath.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let rounding = DateRounding(interval: interval, timeZone: timeZone, offset: offset)
        let renderer = DateRenderer(pattern: format) { millis in
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))
        }
        var boundKeys: (Int64, Int64)?
        if let bounds {
            func millis(_ value: JSONValue) throws -> Int64 {
                if case .string(let text) = value {
                    return Int64(try DateMath.resolveMillis(text, now: now, timeZone: timeZone))
                }
                return Int64(value.doubleValue ?? 0)
            }
            boundKeys = (rounding.round(try millis(bounds.0)), rounding.round(try millis(bounds.1)))
        }
        let fill: (BucketKey, BucketKey) -> [BucketKey] = { low, high in
            guard case .integer(var key) = low, case .integer(var upper) = high else { return [] }
            if let boundKeys {
                key = min(key, boundKeys.0)
                upper = max(upper, boundKeys.1)
            }
            var keys: [BucketKey] = []
            while key <= upper {
                keys.append(.integer(key))
                key = rounding.next(key)
                if keys.count > Self.maxBuckets { break }
            }
            return keys
        }
        let render: (BucketKey) -> [String: JSONValue] = { key in
            guard case .integer(let millis) = key else { return [:] }
            return ["key": .int(Int(millis)), "key_as_string": .string(renderer.render(millis))]
        }
        // Integer keys are counted in arrays; a double field's values go through the general path.
        let buckets =
            kind(slices, field: field) == .double
            ? try collect(
                slices, field: field, sub: sub, minDocCount: minDocCount,
                key: { .integer(rounding.round(Int64($0))) }, fill: fill, render: render)
            : try collectIntegers(
                slices, field: field, sub: sub, minDocCount: minDocCount, key: rounding.round, fill: fill,
                render: render)
        return Self.bucketsJSON(buckets, keyed: keyed)
    }

    /// Buckets of a histogram: each document in the bucket of each of its values (once per
    /// bucket), empty buckets filled in between when `minDocCount` is 0.
    private func collect(
        _ slices: [Slice], field: String, sub: [String: Aggregation], minDocCount: Int,
        key: (Double) -> BucketKey, fill: (BucketKey, BucketKey) -> [BucketKey],
        render: (BucketKey) -> [String: JSONValue]
    ) throws -> [(key: String, body: [String: JSONValue])] {
        var docs: [BucketKey: [[Int]]] = [:]
        var counts: [BucketKey: Int] = [:]
        for (index, slice) in slices.enumerated() {
            let reader = reader(slice, field: field)
            var previous: [BucketKey] = []
            for doc in slice.docs {
                previous.removeAll(keepingCapacity: true)
                for value in numbers(reader, doc: doc) {
                    let bucket = key(value)
                    if previous.contains(bucket) { continue }
                    previous.append(bucket)
                    counts[bucket, default: 0] += 1
                    if !sub.isEmpty { Self.append(doc, to: &docs[bucket], slice: index, of: slices.count) }
                }
            }
        }
        return try buckets(
            slices, counts: counts, docs: docs, sub: sub, minDocCount: minDocCount, fill: fill, render: render
        )
    }

    /// ``collect(_:field:sub:minDocCount:key:fill:render:)`` for integer keys (dates, longs):
    /// buckets numbered as they appear, counted in arrays, so a document costs one rounding and
    /// one lookup of an integer key.
    private func collectIntegers(
        _ slices: [Slice], field: String, sub: [String: Aggregation], minDocCount: Int,
        key: (Int64) -> Int64, fill: (BucketKey, BucketKey) -> [BucketKey],
        render: (BucketKey) -> [String: JSONValue]
    ) throws -> [(key: String, body: [String: JSONValue])] {
        var numbers: [Int64: Int] = [:]
        var keys: [Int64] = []
        var counts: [Int] = []
        var lists: [[[Int]]] = []
        let keepDocs = !sub.isEmpty
        var lastValue = Int64.min
        var lastBucket = -1
        for (index, slice) in slices.enumerated() {
            guard case .numeric(let column, _) = reader(slice, field: field) else { continue }
            var previous: [Int] = []
            for doc in slice.docs {
                previous.removeAll(keepingCapacity: true)
                column.forEachNumericValue(doc) { value in
                    let bucket: Int
                    if value == lastValue {
                        bucket = lastBucket
                    } else {
                        let rounded = key(value)
                        if let known = numbers[rounded] {
                            bucket = known
                        } else {
                            bucket = keys.count
                            numbers[rounded] = bucket
                            keys.append(rounded)
                            counts.append(0)
                            lists.append(Array(repeating: [], count: slices.count))
                        }
                        lastValue = value
                        lastBucket = bucket
                    }
                    if previous.contains(bucket) { return }
                    previous.append(bucket)
                    counts[bucket] += 1
                    if keepDocs { lists[bucket][index].append(doc) }
                }
            }
        }
        var countByKey: [BucketKey: Int] = [:]
        var docsByKey: [BucketKey: [[Int]]] = [:]
        for (bucket, rounded) in keys.enumerated() {
            countByKey[.integer(rounded)] = counts[bucket]
            if keepDocs { docsByKey[.integer(rounded)] = lists[bucket] }
        }
        return try buckets(
            slices, counts: countByKey, docs: docsByKey, sub: sub, minDocCount: minDocCount, fill: fill,
            render: render)
    }

    /// The buckets of a histogram from their counts and documents, empty ones filled in when
    /// `minDocCount` is 0, with their sub-aggregations.
    private func buckets(
        _ slices: [Slice], counts: [BucketKey: Int], docs: [BucketKey: [[Int]]], sub: [String: Aggregation],
        minDocCount: Int, fill: (BucketKey, BucketKey) -> [BucketKey],
        render: (BucketKey) -> [String: JSONValue]
    ) throws -> [(key: String, body: [String: JSONValue])] {
        var keys = counts.keys.sorted(by: BucketKey.precedes)
        if minDocCount == 0, let low = keys.first, let high = keys.last {
            keys = fill(low, high)
        }
        keys = keys.filter { counts[$0, default: 0] >= minDocCount }
        try countBuckets(keys.count)
        return try keys.map { bucketKey in
            var body = render(bucketKey)
            body["doc_count"] = .int(counts[bucketKey, default: 0])
            if !sub.isEmpty {
                let bucketSlices = slices.enumerated().map { index, slice -> Slice in
                    var copy = slice
                    var set = DocSet(capacity: slice.docs.capacity)
                    for doc in docs[bucketKey]?[index] ?? [] { set.insert(doc) }
                    copy.docs = set
                    return copy
                }
                for (name, value) in try evaluate(sub, bucketSlices) { body[name] = value }
            }
            let name = body["key_as_string"]?.stringValue ?? body["key"]?.compactString ?? ""
            return (name, body)
        }
    }

    private static func bucketsJSON(_ buckets: [(key: String, body: [String: JSONValue])], keyed: Bool)
        -> [String: JSONValue]
    {
        if keyed {
            return [
                "buckets": .object(
                    Dictionary(buckets.map { ($0.key, JSONValue.object($0.body)) }) { a, _ in a })
            ]
        }
        return ["buckets": .array(buckets.map { .object($0.body) })]
    }

    // MARK: - Metrics

    private func metricValue(
        _ metric: MetricAggregation.Metric, field: String, missing: JSONValue?, _ slices: [Slice]
    ) -> [String: JSONValue] {
        let kind = kind(slices, field: field)
        let missingNumber = missing.flatMap { value -> Double? in
            if kind == .date, case .string(let text) = value {
                return (try? DateMath.resolveMillis(text, now: now)).map(Double.init)
            }
            return value.doubleValue
        }
        var count = 0
        var sum = 0.0
        var low = Double.infinity
        var high = -Double.infinity
        var distinct: Set<BucketKey> = []
        for slice in slices {
            let reader = reader(slice, field: field)
            for doc in slice.docs {
                if metric == .cardinality || (metric == .valueCount && kind != nil && !kind!.hasPoints) {
                    var seen = false
                    forEachKey(reader, doc: doc) { key in
                        seen = true
                        count += 1
                        distinct.insert(key)
                    }
                    if !seen, let missing {
                        count += 1
                        distinct.insert(.text(missing.stringValue ?? missing.compactString))
                    }
                    continue
                }
                var values = numbers(reader, doc: doc)
                if values.isEmpty, let missingNumber { values = [missingNumber] }
                for value in values {
                    count += 1
                    sum += value
                    low = Swift.min(low, value)
                    high = Swift.max(high, value)
                }
            }
        }
        let renderer = DateRenderer(pattern: nil) { _ in 0 }
        func value(_ number: Double?) -> [String: JSONValue] {
            guard let number else { return ["value": .null] }
            var body: [String: JSONValue] = ["value": .double(number)]
            if kind == .date { body["value_as_string"] = .string(renderer.render(Int64(number))) }
            return body
        }
        switch metric {
        case .min: return value(count > 0 ? low : nil)
        case .max: return value(count > 0 ? high : nil)
        case .avg: return ["value": count > 0 ? .double(sum / Double(count)) : .null]
        case .sum: return ["value": .double(sum)]
        case .valueCount: return ["value": .int(count)]
        case .cardinality: return ["value": .int(distinct.count)]
        case .stats:
            var body: [String: JSONValue] = [
                "count": .int(count), "min": count > 0 ? .double(low) : .null,
                "max": count > 0 ? .double(high) : .null,
                "avg": count > 0 ? .double(sum / Double(count)) : .null,
                "sum": .double(sum),
            ]
            if kind == .date, count > 0 {
                body["min_as_string"] = .string(renderer.render(Int64(low)))
                body["max_as_string"] = .string(renderer.render(Int64(high)))
            }
            return body
        }
    }

    // MARK: - top_hits

    private func topHits(size: Int, from: Int, sort: [SortField], source: SourceFilter?, _ slices: [Slice])
        throws
        -> [String: JSONValue]
    {
        var candidates: [Candidate] = []
        var order: CandidateOrder?
        var plans: [Int: SortPlan] = [:]
        var total = 0
        for slice in slices where slice.level.isEmpty {
            let plan = try SortPlan(sort.isEmpty ? [SortField("_doc")] : sort, compiler: slice.compiler)
            plans[slice.position] = plan
            let readers = plan.keys.map(SortKeyReader.init)
            let keyOrder = CandidateOrder(
                keys: plan.keys.map { key in
                    switch key {
                    case .score(let descending), .doc(let descending):
                        CandidateOrder.Key(descending: descending, missingFirst: false)
                    case .field(let field):
                        CandidateOrder.Key(descending: field.descending, missingFirst: field.missingFirst)
                    }
                })
            order = keyOrder
            var top = TopCandidates(limit: from + size, order: keyOrder)
            for doc in slice.docs {
                total += 1
                let values = readers.map { $0.value(doc, score: nil) }
                top.offer(Candidate(indexPosition: slice.position, doc: doc, score: nil, sortValues: values))
            }
            candidates.append(contentsOf: top.sorted)
        }
        if let order { candidates.sort { order.precedes($0, $1) } }
        let targets = Dictionary(slices.map { ($0.position, $0.target) }) { a, _ in a }
        let hits = candidates.dropFirst(from).prefix(size).compactMap { candidate -> JSONValue? in
            guard let target = targets[candidate.indexPosition] else { return nil }
            let stored = target.shard.source(candidate.doc)
            var hit: [String: JSONValue] = [
                "_index": .string(target.identity.name), "_id": .string(target.shard.ids[candidate.doc]),
                "_score": .null,
            ]
            if source?.fetch ?? true { hit["_source"] = source.map { $0.apply(to: stored) } ?? stored }
            if !sort.isEmpty {
                hit["sort"] = .array(
                    candidate.sortValues.map { value in
                        switch value {
                        case .integer(let number): .int(Int(number))
                        case .floating(let number): .double(number)
                        case .text(let text): .string(text)
                        case .missing: .null
                        }
                    })
            }
            return .object(hit)
        }
        return [
            "hits": [
                "total": ["value": .int(total), "relation": "eq"], "max_score": .null, "hits": .array(hits),
            ]
        ]
    }
}

/// A keyword column uninverted: each document's term ordinals, for aggregations.
struct KeywordDocValues {
    let terms: [String]
    private let starts: [Int32]
    private let ordinals: [Int32]

    init(column: FieldColumn, docCount: Int) {
        let sortedTerms = column.terms.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var perDoc = [Int32](repeating: 0, count: docCount + 1)
        for term in sortedTerms {
            for doc in column.terms[term]?.docs ?? [] where Int(doc) < docCount { perDoc[Int(doc) + 1] += 1 }
        }
        for index in 1..<perDoc.count { perDoc[index] += perDoc[index - 1] }
        var filled = perDoc
        var flat = [Int32](repeating: 0, count: Int(perDoc[docCount]))
        for (ordinal, term) in sortedTerms.enumerated() {
            for doc in column.terms[term]?.docs ?? [] where Int(doc) < docCount {
                flat[Int(filled[Int(doc)])] = Int32(ordinal)
                filled[Int(doc)] += 1
            }
        }
        terms = sortedTerms
        starts = perDoc
        ordinals = flat
    }

    func ordinals(of doc: Int) -> ArraySlice<Int32> {
        guard doc + 1 < starts.count else { return [] }
        return ordinals[Int(starts[doc])..<Int(starts[doc + 1])]
    }
}
