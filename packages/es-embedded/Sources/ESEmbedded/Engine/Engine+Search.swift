import ESModels

extension Engine {
    /// One index as a search sees it: its refreshed documents and current mapping.
    private struct SearchTarget {
        var identity: IndexIdentity
        var shard: ShardData
        var lookup: MappingLookup
        var maxResultWindow: Int
        var filter: Query?
    }

    /// The indices a search reads, and the failed ones its patterns reach (failed shards).
    private func searchTargets(_ expression: String) throws -> ([SearchTarget], [ShardFailure]) {
        try read { catalog in
            let now = monotonicMillis
            let unavailable = catalog.failedMatches(expression).map {
                ShardFailure(
                    index: IndexIdentity(name: $0.index, uuid: "_na_"), error: .indexUnavailable($0))
            }
            let targets = try catalog.resolve(expression).compactMap { target -> SearchTarget? in
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
        let started = monotonicMillis
        let now = clock.now()
        let (targets, unavailable) = try searchTargets(expression)
        var results: [(position: Int, result: IndexSearch.Result)] = []
        var failures: [ShardFailure] = unavailable
        for (position, target) in targets.enumerated() {
            let search = IndexSearch(
                compiler: QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now),
                maxResultWindow: target.maxResultWindow, indexPosition: position)
            do {
                results.append((position, try search.run(request, filter: target.filter)))
            } catch let error as ElasticsearchError {
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
        let page = candidates.dropFirst(request.effectiveFrom).prefix(request.effectiveSize)
        let plans = Dictionary(uniqueKeysWithValues: results.map { ($0.position, $0.result.plan) })
        let hits = page.map { candidate -> SearchHit in
            let target = targets[candidate.indexPosition]
            let doc = candidate.doc
            var source: JSONValue?
            if request.source?.fetch ?? true {
                // The stored tree is shared, not copied: a hit costs a reference, not a parse.
                let stored = target.shard.sources[doc]
                source = request.source.map { $0.apply(to: stored) } ?? stored
            }
            let plan = plans[candidate.indexPosition]
            return SearchHit(
                index: target.identity.name, id: target.shard.ids[doc],
                score: (plan?.usesScore ?? false) ? candidate.score.map(Self.scoreValue) : nil,
                source: source,
                sort: request.sort.isEmpty ? nil : plan.map { Self.sortJSON(candidate, plan: $0) })
        }
        let total = results.reduce(0) { $0 + $1.result.total }
        let maxScore = results.compactMap(\.result.maxScore).max()
        let totalHits: TotalHits? = (request.trackTotalHits ?? .default).limit.map { limit in
            total > limit ? TotalHits(value: limit, relation: .gte) : TotalHits(value: total, relation: .eq)
        }
        let tracksScores = results.first?.result.plan.usesScore ?? request.sort.isEmpty
        return SearchResponse(
            took: Int(monotonicMillis - started), timedOut: false,
            shards: ShardStatistics(
                total: targets.count + unavailable.count,
                successful: targets.count + unavailable.count - failures.count, skipped: 0,
                failed: failures.count),
            hits: SearchHits(
                total: totalHits,
                maxScore: tracksScores && request.effectiveSize > 0 ? maxScore.map(Self.scoreValue) : nil,
                hits: hits))
    }

    func count(_ expression: String, request: CountRequest) throws -> CountResponse {
        let now = clock.now()
        let (targets, unavailable) = try searchTargets(expression)
        var count = 0
        var failures: [ShardFailure] = unavailable
        for target in targets {
            let search = IndexSearch(
                compiler: QueryCompiler(
                    shard: target.shard, lookup: target.lookup, index: target.identity, now: now),
                maxResultWindow: target.maxResultWindow, indexPosition: 0)
            do {
                count += try search.matches(request.query, filter: target.filter).matches.count
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
