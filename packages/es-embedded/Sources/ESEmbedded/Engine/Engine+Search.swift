import ESModels
import Foundation

extension Engine {
    /// The indices a search reads, and the failed ones its patterns reach (failed shards).
    func searchTargets(_ expression: String, options: IndicesOptions = IndicesOptions()) throws
        -> ([SearchTarget], [ShardFailure])
    {
        try read { catalog in
            let now = monotonicMillis
            let unavailable = catalog.failedMatches(expression).map {
                ShardFailure(
                    index: IndexIdentity(name: $0.index, uuid: "_na_"), error: .indexUnavailable($0))
            }
            let targets = try catalog.resolve(expression, options: options).compactMap {
                target -> SearchTarget? in
                catalog.indices[target.index]?.refreshIfDue(monotonicMillis: now)
                guard let state = catalog.indices[target.index] else { return nil }
                return SearchTarget(
                    identity: state.identity, shard: state.searcher, lookup: state.lookup,
                    maxResultWindow: state.maxResultWindow, filter: target.filter)
            }
            return (targets, unavailable)
        }
    }

    func search(_ expression: String, request: SearchRequest) throws -> SearchResponse {
        try search(expression, request: request, options: SearchOptions()).response
    }

    /// A search with the options es-models' request has no place for: `search_after`, a point
    /// in time, a scroll, aggregations, index options.
    ///
    /// - Throws: `action_request_validation_exception` for combinations Elasticsearch refuses,
    ///   404 `search_context_missing_exception` for a point in time that is gone, and the
    ///   errors of ``search(_:request:)``.
    func search(_ expression: String?, request: SearchRequest, options: SearchOptions) throws -> SearchResult
    {
        // es-models' request may carry `search_after`, `aggs` and `highlight` itself (the
        // `SearchBackend` path); the options carry them for the facade.
        var options = options
        if options.searchAfter == nil { options.searchAfter = request.searchAfter }
        if options.aggregations == nil, !request.aggregations.isEmpty {
            // Through their JSON, so that values built in code are refused as the same body
            // would be (a `terms` `size` of 0, ...).
            options.aggregations = .object(request.aggregations.mapValues(\.json))
        }
        if options.highlight == nil { options.highlight = request.highlight?.json }
        var problems: [String] = []
        if options.scroll != nil {
            if request.effectiveFrom > 0 {
                problems.append("using [from] is not allowed in a scroll context")
            }
            if options.searchAfter != nil {
                problems.append("`search_after` cannot be used in a scroll context.")
            }
            if options.pointInTime != nil {
                problems.append("using [point in time] is not allowed in a scroll context")
            }
        }
        if options.searchAfter != nil && request.effectiveFrom > 0 {
            problems.append("[from] parameter must be set to 0 when [search_after] is used")
        }
        if options.pointInTime != nil && expression != nil {
            problems.append(
                "[indices] cannot be used with point in time. Do not specify any index with point in time.")
        }
        if !problems.isEmpty { throw ElasticsearchError.validation(problems) }
        let after = options.searchAfter.map(IndexSearch.After.values)
        if let pit = options.pointInTime {
            let targets = try pointInTimeTargets(pit)
            var sorted = request
            if !sorted.sort.contains(where: { $0.field == "_shard_doc" }) {
                if sorted.sort.isEmpty { sorted.sort = [.score] }
                sorted.sort.append(SortField("_shard_doc"))
            }
            var result = try execute(
                targets: targets, unavailable: [], request: sorted, after: after, options: options
            ).result
            result.pointInTimeID = pit.id
            return result
        }
        let (targets, unavailable) = try searchTargets(expression ?? "_all", options: options.indices)
        let (result, last) = try execute(
            targets: targets, unavailable: unavailable, request: request, after: after, options: options)
        guard let scroll = options.scroll else { return result }
        let context = ReaderContexts.Context(
            targets: targets, expiresAt: monotonicMillis + scroll.milliseconds,
            scroll: ReaderContexts.Scroll(
                request: request, options: options, cursor: last,
                returned: result.response.hits.hits.count))
        var scrolled = result
        scrolled.scrollID = readerContexts.withLock {
            $0.open(context, prefix: "FGluY2x1ZGVfY29udGV4dF91dWlk")
        }
        return scrolled
    }

    /// The next page of a scroll (`POST /_search/scroll`).
    ///
    /// - Throws: 404 `search_context_missing_exception` when the scroll expired or was cleared.
    func scroll(_ id: String, keepAlive: KeepAlive?) throws -> SearchResult {
        let now = monotonicMillis
        guard let context = readerContexts.withLock({ $0.context(id, now: now) }), let scroll = context.scroll
        else { throw ElasticsearchError.searchContextMissing(id) }
        var request = scroll.request
        request.from = 0
        var options = scroll.options
        options.aggregations = nil
        let (result, last) = try execute(
            targets: context.targets, unavailable: [], request: request,
            after: scroll.cursor.map(IndexSearch.After.cursor), options: options)
        readerContexts.withLock { contexts in
            contexts.update(id) { context in
                if let last { context.scroll?.cursor = last }
                context.scroll?.returned += result.response.hits.hits.count
                if let keepAlive { context.expiresAt = now + keepAlive.milliseconds }
            }
        }
        var scrolled = result
        scrolled.scrollID = id
        return scrolled
    }

    /// Clears scrolls (all of them when `ids` is `nil`); how many were open.
    func clearScroll(_ ids: [String]?) -> Int {
        let now = monotonicMillis
        return readerContexts.withLock { contexts in
            ids.map { contexts.close($0, now: now) } ?? contexts.closeAllScrolls(now: now)
        }
    }

    /// Opens a point in time on the indices `expression` names: their refreshed documents, as
    /// they are now, for as long as `keepAlive` (extended by every search that names it).
    func openPointInTime(_ expression: String, keepAlive: KeepAlive, options: IndicesOptions) throws -> String
    {
        let (targets, unavailable) = try searchTargets(expression, options: options)
        if let failure = unavailable.first { throw failure.error }
        let context = ReaderContexts.Context(
            targets: targets, expiresAt: monotonicMillis + keepAlive.milliseconds, scroll: nil)
        return readerContexts.withLock { $0.open(context, prefix: "46ToAwMDaWR5BXV1aWQy") }
    }

    /// Closes points in time; how many were open.
    func closePointInTime(_ ids: [String]) -> Int {
        let now = monotonicMillis
        return readerContexts.withLock { $0.close(ids, now: now) }
    }

    private func pointInTimeTargets(_ pit: SearchOptions.PointInTime) throws -> [SearchTarget] {
        let now = monotonicMillis
        return try readerContexts.withLock { contexts in
            guard let context = contexts.context(pit.id, now: now), context.scroll == nil else {
                throw ElasticsearchError.searchContextMissing(pit.id)
            }
            if let keepAlive = pit.keepAlive {
                contexts.update(pit.id) { $0.expiresAt = max($0.expiresAt, now + keepAlive.milliseconds) }
            }
            return context.targets
        }
    }

    /// Runs a search on `targets`: every index's query phase, the merged page, the hits and
    /// the aggregations; with the cursor after the page's last hit.
    private func execute(
        targets: [SearchTarget], unavailable: [ShardFailure], request: SearchRequest,
        after: IndexSearch.After?,
        options: SearchOptions
    ) throws -> (result: SearchResult, last: SearchCursor?) {
        let started = monotonicMillis
        let now = clock.now()
        var results: [(position: Int, result: IndexSearch.Result)] = []
        var failures: [ShardFailure] = unavailable
        let aggregations = try options.aggregations.map { try Aggregation.list(json: $0, wording: .node) }
        let highlighter = try options.highlight.map(Highlighter.init(json:))
        if let field = options.collapseField {
            let window = request.effectiveFrom + request.effectiveSize
            for target in targets {
                if window > target.maxResultWindow {
                    throw IndexSearch.windowTooLarge(window, maximum: target.maxResultWindow)
                }
                if let mapped = target.lookup.field(field), mapped.kind != .keyword, mapped.kind != .long,
                    mapped.kind != .double
                {
                    throw ElasticsearchError.illegalArgument(
                        "collapse field [\(field)] must be a keyword or a number, not [\(mapped.type)]")
                }
            }
        }
        // Collapsing keeps the best hit of each group: the groups of the page come from every
        // candidate a window can hold, not from the page alone.
        var runRequest = request
        if options.collapseField != nil {
            runRequest.from = 0
            runRequest.size = targets.map(\.maxResultWindow).min() ?? 10_000
        }
        for (position, target) in targets.enumerated() {
            let search = IndexSearch(
                compiler: QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now),
                maxResultWindow: target.maxResultWindow, indexPosition: position)
            do {
                if let postFilter = options.postFilter?.node {
                    // `post_filter` narrows the hits (and the total), not what aggregations read.
                    let query =
                        options.node(for: request) ?? request.query.map(DSLQuery.init)
                        ?? .base(.matchAll(boost: nil))
                    var result = try search.run(
                        runRequest, query: .bool(DSLBool(must: [query], filter: [postFilter])),
                        filter: target.filter,
                        after: after)
                    result.aggregationMatches = try search.matches(query, filter: target.filter).matches
                    results.append((position, result))
                } else {
                    results.append(
                        (
                            position,
                            try search.run(
                                runRequest, query: options.node(for: request), filter: target.filter,
                                after: after)
                        ))
                }
                if let aggregations {
                    // Aggregations fail the shard as a query does (a text field without fielddata).
                    try AggregationExecutor.validate(aggregations, compiler: search.compiler)
                }
            } catch let error as ElasticsearchError {
                if results.last?.position == position { results.removeLast() }
                failures.append(ShardFailure(index: target.identity, error: error))
            }
        }
        if !failures.isEmpty && failures.count == targets.count + unavailable.count {
            throw ElasticsearchError.allShardsFailed(failures)
        }

        var candidates = results.flatMap(\.result.candidates)
        if results.count > 1, let order = results.first?.result.order {
            candidates.sort { order.precedes($0, $1) }
        }
        var collapsed: [String: JSONValue] = [:]
        // Each group's candidates, in the search's order, for `collapse.inner_hits`.
        var groups: [String: [Candidate]] = [:]
        if let field = options.collapseField {
            // A multi-field (`title.keyword`) collapses on its parent's values in `_source`.
            let paths = targets.map { target -> [String] in
                var path = field.split(separator: ".").map(String.init)
                if target.lookup.field(field)?.isMultiField == true { path.removeLast() }
                return path
            }
            var seen = Set<String>()
            for candidate in candidates {
                let value = QueryCompiler.value(
                    at: paths[candidate.indexPosition],
                    in: targets[candidate.indexPosition].shard.source(
                        candidate.doc, along: paths[candidate.indexPosition].joined(separator: ".")))
                if let values = value?.arrayValue, values.count > 1 {
                    throw ElasticsearchError(
                        type: "illegal_state_exception",
                        reason:
                            "failed to collapse \(candidate.doc), the collapse field must be single valued",
                        status: 500)
                }
            }
            candidates = candidates.filter { candidate in
                let value = QueryCompiler.value(
                    at: paths[candidate.indexPosition],
                    in: targets[candidate.indexPosition].shard.source(
                        candidate.doc, along: paths[candidate.indexPosition].joined(separator: ".")))
                let first = value.flatMap { $0.arrayValue?.first ?? $0 } ?? .null
                if !options.collapseInnerHits.isEmpty {
                    groups[first.compactString, default: []].append(candidate)
                }
                guard seen.insert(first.compactString).inserted else { return false }
                collapsed["\(candidate.indexPosition)/\(candidate.doc)"] = first
                return true
            }
        }
        let page = candidates.dropFirst(request.effectiveFrom).prefix(request.effectiveSize)
        let plans = Dictionary(uniqueKeysWithValues: results.map { ($0.position, $0.result.plan) })
        // Without a filter a hit's `_source` is the stored document, whose text is written already.
        let wholeSource =
            request.source.map { $0.fetch && $0.includes.isEmpty && $0.excludes.isEmpty } ?? true
        var sourceTexts: [[UInt8]?] = []
        if wholeSource { sourceTexts.reserveCapacity(page.count) }
        let hits = page.map { candidate -> SearchHit in
            // Read through `targets[position]`, not a copy of the target: a copy retains (and
            // then releases) every buffer of its index, for every hit.
            let position = candidate.indexPosition
            let doc = candidate.doc
            let plan = plans[position]
            let index = targets[position].identity.name
            let id = targets[position].shard.ids[doc]
            let score = (plan?.usesScore ?? false) ? candidate.score.map(Self.scoreValue) : nil
            let sort = request.sort.isEmpty ? nil : plan.map { Self.sortJSON(candidate, plan: $0) }
            if wholeSource {
                // The stored text is shared, not copied, and parsed only if the hit's source is
                // read: a hit costs a reference, not a parse.
                let text = targets[position].shard.sourceTexts[doc]
                sourceTexts.append(text)
                return SearchHit(index: index, id: id, score: score, sourceText: text, sort: sort)
            }
            let source = request.source.flatMap { filter in
                filter.fetch ? filter.apply(to: targets[position].shard.source(doc)) : nil
            }
            return SearchHit(index: index, id: id, score: score, source: source, sort: sort)
        }
        let total = results.reduce(0) { $0 + $1.result.total }
        let maxScore = results.compactMap(\.result.maxScore).max()
        let totalHits: TotalHits? = (request.trackTotalHits ?? .default).limit.map { limit in
            total > limit ? TotalHits(value: limit, relation: .gte) : TotalHits(value: total, relation: .eq)
        }
        let tracksScores = results.first?.result.plan.usesScore ?? request.sort.isEmpty
        var aggregationJSON: JSONValue?
        if let aggregations {
            let inputs = results.map {
                (target: targets[$0.position], matches: $0.result.aggregationMatches ?? $0.result.matches)
            }
            aggregationJSON = try AggregationExecutor(now: now).run(aggregations, on: inputs)
        }
        var highlights: [JSONValue?]?
        if let highlighter {
            let query =
                options.node(for: request) ?? request.query.map(DSLQuery.init) ?? .base(.matchAll(boost: nil))
            var termsByIndex: [Int: [String: Highlighter.Terms]] = [:]
            highlights = page.map { candidate in
                let target = targets[candidate.indexPosition]
                let terms =
                    termsByIndex[candidate.indexPosition]
                    ?? Highlighter.terms(of: query, lookup: target.lookup)
                termsByIndex[candidate.indexPosition] = terms
                let compiler = QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now)
                return highlighter.highlight(
                    source: target.shard.source(candidate.doc), terms: terms, lookup: target.lookup
                ) { compiler.fieldStrings($0, doc: candidate.doc, level: "") }
            }
        }
        var hitFields = try fields(of: page, targets: targets, options: options, now: now)
        if let field = options.collapseField {
            hitFields = zip(page, hitFields ?? Array(repeating: nil, count: page.count)).map {
                candidate, fields in
                var members = fields?.objectValue ?? [:]
                members[field] = [collapsed["\(candidate.indexPosition)/\(candidate.doc)"] ?? .null]
                return .object(members)
            }
        }
        let response = SearchResponse(
            took: Int(monotonicMillis - started), timedOut: false,
            shards: ShardStatistics(
                total: targets.count + unavailable.count,
                successful: targets.count + unavailable.count - failures.count, skipped: 0,
                failed: failures.count),
            hits: SearchHits(
                total: totalHits,
                maxScore: tracksScores && request.effectiveSize > 0 ? maxScore.map(Self.scoreValue) : nil,
                hits: hits))
        let last = page.last.map {
            SearchCursor(values: $0.sortValues, position: ($0.indexPosition, $0.doc))
        }
        var result = SearchResult(response: response, aggregations: aggregationJSON)
        result.highlights = highlights
        result.fields = hitFields
        if !options.collapseInnerHits.isEmpty {
            result.innerHits = page.map { candidate -> JSONValue? in
                let key = (collapsed["\(candidate.indexPosition)/\(candidate.doc)"] ?? .null).compactString
                let group = groups[key] ?? []
                var answer: [String: JSONValue] = [:]
                for spec in options.collapseInnerHits {
                    let hits = group.dropFirst(spec.from).prefix(spec.size).map { member -> JSONValue in
                        let target = targets[member.indexPosition]
                        var hit: [String: JSONValue] = [
                            "_index": .string(target.identity.name),
                            "_id": .string(target.shard.ids[member.doc]),
                            "_score": member.score.map { .double(Self.scoreValue($0)) } ?? .null,
                        ]
                        if spec.source { hit["_source"] = target.shard.source(member.doc) }
                        return .object(hit)
                    }
                    answer[spec.name] = [
                        "hits": [
                            "total": ["value": .int(group.count), "relation": "eq"],
                            "max_score": group.compactMap(\.score).max().map { .double(Self.scoreValue($0)) }
                                ?? .null,
                            "hits": .array(Array(hits)),
                        ]
                    ]
                }
                return .object(answer)
            }
        }
        if let query = options.node(for: request) ?? request.query.map(DSLQuery.init) {
            let requests = InnerHits.requests(in: query)
            if !requests.isEmpty {
                var answers: [JSONValue?] = Array(repeating: nil, count: page.count)
                let byTarget = Dictionary(grouping: page.enumerated(), by: { $0.element.indexPosition })
                for (position, entries) in byTarget {
                    let target = targets[position]
                    let compiler = QueryCompiler(
                        shard: target.shard, lookup: target.lookup, index: target.identity, now: now)
                    let found = try compiler.innerHits(requests, docs: entries.map(\.element.doc))
                    for (entry, answer) in zip(entries, found) { answers[entry.offset] = answer }
                }
                // With a collapse's inner hits too, each hit carries both.
                let previous = result.innerHits ?? Array(repeating: nil, count: answers.count)
                result.innerHits = zip(previous, answers).map { before, now in
                    guard let now else { return before }
                    let merged = (before?.objectValue ?? [:]).merging(now.objectValue ?? [:]) { _, new in new
                    }
                    return .object(merged)
                }
            }
        }
        // The typed answer holds what the typed request asked for.
        if !request.aggregations.isEmpty, let aggregationJSON {
            result.response.aggregations = try AggregationResult.list(json: aggregationJSON)
        }
        if request.highlight != nil, let highlights {
            for (position, highlight) in highlights.enumerated() {
                guard case .object(let fields)? = highlight else { continue }
                result.response.hits.hits[position].highlight = fields.mapValues {
                    $0.arrayValue?.compactMap(\.stringValue) ?? []
                }
            }
        }
        result.sourceTexts = sourceTexts
        return (result, last)
    }

    func count(
        _ expression: String, request: CountRequest, options: IndicesOptions = IndicesOptions(),
        query: SearchQuery? = nil
    ) throws
        -> CountResponse
    {
        let now = clock.now()
        let (targets, unavailable) = try searchTargets(expression, options: options)
        var count = 0
        var failures: [ShardFailure] = unavailable
        for target in targets {
            let search = IndexSearch(
                compiler: QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now),
                maxResultWindow: target.maxResultWindow, indexPosition: 0)
            do {
                count +=
                    try search.matches(query?.node ?? request.query.map(DSLQuery.init), filter: target.filter)
                    .matches.count
            } catch let error as ElasticsearchError {
                failures.append(ShardFailure(index: target.identity, error: error))
            }
        }
        if !failures.isEmpty && failures.count == targets.count + unavailable.count {
            throw ElasticsearchError.allShardsFailed(failures)
        }
        return CountResponse(
            count: count,
            shards: ShardStatistics(
                total: targets.count + unavailable.count,
                successful: targets.count + unavailable.count - failures.count, skipped: 0,
                failed: failures.count))
    }

    /// Every document `query` matches on the indices `expression` names, as a refreshed
    /// snapshot sees them (what `_delete_by_query`, `_update_by_query` and `_reindex` work on).
    func matchingDocuments(
        _ expression: String, query: SearchQuery?, options: IndicesOptions = IndicesOptions()
    )
        throws -> [(index: String, id: String, version: Int, seqNo: Int, source: JSONValue)]
    {
        let now = clock.now()
        let (targets, unavailable) = try searchTargets(expression, options: options)
        if let failure = unavailable.first { throw failure.error }
        var documents: [(index: String, id: String, version: Int, seqNo: Int, source: JSONValue)] = []
        var failures: [ShardFailure] = []
        for target in targets {
            let search = IndexSearch(
                compiler: QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now),
                maxResultWindow: target.maxResultWindow, indexPosition: 0)
            do {
                for doc in try search.matches(query?.node, filter: target.filter).matches {
                    documents.append(
                        (
                            target.identity.name, target.shard.ids[doc], target.shard.versions[doc],
                            target.shard.seqNos[doc], target.shard.source(doc)
                        ))
                }
            } catch let error as ElasticsearchError {
                failures.append(ShardFailure(index: target.identity, error: error))
            }
        }
        if !failures.isEmpty { throw ElasticsearchError.allShardsFailed(failures) }
        return documents
    }

    /// A score as Elasticsearch prints it: the 32-bit float Lucene computed, in its shortest form.
    static func scoreValue(_ score: Float) -> Double {
        Double("\(score)") ?? Double(score)
    }

    private static func sortJSON(_ candidate: Candidate, plan: SortPlan) -> [JSONValue] {
        zip(plan.keys, candidate.sortValues).map { key, value in
            switch key {
            case .score: return .double(scoreValue(candidate.score ?? 0))
            case .doc: return .int(candidate.doc)
            case .field(let field):
                switch value {
                case .integer(let number): return .int(Int(number))
                case .floating(let number): return .double(number)
                case .text(let text): return .string(text)
                case .missing:
                    // Elasticsearch reports the value it sorted a missing document with.
                    let high = field.missingFirst == field.descending
                    switch field.output {
                    case .integer: return .int(high ? Int.max : Int.min)
                    case .floating: return .string(high ? "Infinity" : "-Infinity")
                    case .text: return .null
                    }
                }
            }
        }
    }
}

extension SearchOptions {
    /// The engine query a search runs instead of the request's: the engine-only query, if
    /// any; with `knn` clauses, a disjunction of the query (when there is one) and each clause,
    /// as Elasticsearch combines them (the union of their hits, scores summed). A clause
    /// without `k` takes the search's `size`.
    func node(for request: SearchRequest) -> DSLQuery? {
        guard !knn.isEmpty else { return query?.node }
        var should: [DSLQuery] = []
        if let base = query?.node ?? request.query.map(DSLQuery.init) { should.append(base) }
        for var clause in knn {
            if clause.k == nil { clause.k = request.effectiveSize }
            should.append(.knn(clause))
        }
        return .bool(DSLBool(should: should))
    }
}

extension Engine {
    /// Each hit's `fields`: `docvalue_fields` (read from `_source`, as doc values are: sorted,
    /// dates formatted) and `script_fields`; `nil` when the search asks for neither.
    fileprivate func fields(
        of page: ArraySlice<Candidate>, targets: [SearchTarget], options: SearchOptions, now: Date
    ) throws -> [JSONValue?]? {
        guard !options.docvalueFields.isEmpty || !options.scriptFields.isEmpty else { return nil }
        let scripts = try options.scriptFields.map { ($0, try PainlessScript($0.script)) }
        return try page.map { candidate -> JSONValue? in
            let target = targets[candidate.indexPosition]
            let compiler = QueryCompiler(
                shard: target.shard, lookup: target.lookup, index: target.identity, now: now)
            let source = target.shard.source(candidate.doc)
            var fields: [String: JSONValue] = [:]
            if !options.docvalueFields.isEmpty {
                let doc = compiler.docValues(source)
                for entry in options.docvalueFields {
                    for field in target.lookup.valueFields(matching: entry.field) {
                        if field.type == .text {
                            guard entry.field.contains("*") else {
                                throw ElasticsearchError.illegalArgument(
                                    "Fielddata is disabled on [\(field.path)] in [\(target.identity.name)]. Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [\(field.path)] in order to load field data by uninverting the inverted index. Note that this can use significant memory."
                                )
                            }
                            continue
                        }
                        guard case .docValues(let values)? = doc[field.path], !values.isEmpty else {
                            continue
                        }
                        fields[field.path] = .array(
                            values.map { value in
                                guard field.type == .date, case .int(let millis) = value else {
                                    return value.json
                                }
                                return entry.format == "epoch_millis"
                                    ? .string(String(millis)) : .string(Self.formattedDate(Int(millis)))
                            })
                    }
                }
            }
            for (field, script) in scripts {
                do {
                    var params = field.script.params
                    params["_source"] = source
                    let value = try script.run(
                        ["doc": .map(compiler.docValues(source)), "params": PainlessValue(.object(params))],
                        functions: compiler.vectorFunctions(source))
                    if case .list = value {
                        fields[field.name] = value.json
                    } else {
                        fields[field.name] = [value.json]
                    }
                } catch  where field.ignoreFailure {
                    continue
                }
            }
            return fields.isEmpty ? nil : .object(fields)
        }
    }

    /// `strict_date_optional_time` with milliseconds, as doc values of a date are written.
    static func formattedDate(_ millis: Int) -> String {
        let text = ISODate.string(fromMillis: millis)
        return text.contains(".") ? text : String(text.dropLast()) + ".000Z"
    }
}
