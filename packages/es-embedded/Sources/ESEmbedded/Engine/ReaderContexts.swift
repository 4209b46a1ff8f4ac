import ESModels

/// One index as a search sees it: its refreshed documents and current mapping. A point in time
/// or a scroll keeps these values, so it reads the same documents however the index changes.
struct SearchTarget: Sendable {
    var identity: IndexIdentity
    var shard: ShardData
    var lookup: MappingLookup
    var maxResultWindow: Int
    var filter: Query?
}

/// Where a page ends: the sort values of its last hit and, for scrolls and points in time,
/// which document it was (so equal sort values continue where they stopped).
struct SearchCursor: Sendable {
    var values: [SortValue]
    var position: (index: Int, doc: Int)?

    /// Whether a document with these sort values comes after the cursor.
    func admits(_ values: [SortValue], indexPosition: Int, doc: Int, order: CandidateOrder) -> Bool {
        for position in order.keys.indices {
            let comparison = order.compare(position, values[position], self.values[position])
            if comparison != 0 { return comparison > 0 }
        }
        guard let position else { return false }
        if indexPosition != position.index { return indexPosition > position.index }
        return doc > position.doc
    }
}

/// The open reader contexts (points in time and scrolls) of an engine, with their expiry on the
/// engine's monotonic clock.
struct ReaderContexts: Sendable {
    struct Scroll: Sendable {
        var request: SearchRequest
        var options: SearchOptions
        var cursor: SearchCursor?
        var returned: Int
    }

    struct Context: Sendable {
        var targets: [SearchTarget]
        var expiresAt: Int64
        var scroll: Scroll?
    }

    private(set) var contexts: [String: Context] = [:]
    private var counter: UInt64 = 0

    /// Registers a context, returning its id.
    mutating func open(_ context: Context, prefix: String) -> String {
        counter += 1
        let id = Self.identifier(prefix: prefix, counter: counter)
        contexts[id] = context
        return id
    }

    /// The context with this id, unless it expired (expired ones are dropped).
    mutating func context(_ id: String, now: Int64) -> Context? {
        expire(now: now)
        return contexts[id]
    }

    mutating func update(_ id: String, _ body: (inout Context) -> Void) {
        guard var context = contexts[id] else { return }
        body(&context)
        contexts[id] = context
    }

    /// Closes contexts; how many of them were open.
    mutating func close(_ ids: [String], now: Int64) -> Int {
        expire(now: now)
        return ids.reduce(0) { freed, id in freed + (contexts.removeValue(forKey: id) != nil ? 1 : 0) }
    }

    /// Closes every scroll context; how many were open.
    mutating func closeAllScrolls(now: Int64) -> Int {
        expire(now: now)
        let scrolls = contexts.filter { $0.value.scroll != nil }.map(\.key)
        for id in scrolls { contexts[id] = nil }
        return scrolls.count
    }

    private mutating func expire(now: Int64) {
        contexts = contexts.filter { $0.value.expiresAt > now }
    }

    /// An opaque, URL-safe id (Elasticsearch's are base64 too).
    private static func identifier(prefix: String, counter: UInt64) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var state = counter &* 0x9E37_79B9_7F4A_7C15 ^ UInt64.random(in: 0...UInt64.max)
        var text = prefix
        for _ in 0..<24 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
        }
        return text + "AAAAAA=="
    }
}

extension ElasticsearchError {
    /// A search on a point in time or scroll that is gone: 404 `search_phase_execution_exception`
    /// with the root cause `search_context_missing_exception` "No search context found for id [x]".
    static func searchContextMissing(_ id: String) -> ElasticsearchError {
        let missing = ErrorCause(
            type: "search_context_missing_exception", reason: "No search context found for id [\(id)]")
        var cause = ErrorCause(
            type: "search_phase_execution_exception", reason: "all shards failed",
            metadata: ["phase": "query", "grouped": true, "failed_shards": []])
        cause.causedBy = missing
        return ElasticsearchError(cause: cause, status: 404, rootCauses: [missing])
    }
}
