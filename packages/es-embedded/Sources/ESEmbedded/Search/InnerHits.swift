import ESModels

/// `inner_hits` of a `nested` query (for each hit, the nested objects of `path` the query's
/// inner query matched, best first, each with its `_nested` position and `_source`), or of a
/// `collapse` (for each hit, the hits of its group).
public struct InnerHits: Sendable, Equatable {
    /// The key of the hit's `inner_hits` object (the path, or the collapse field, unless named).
    public var name: String
    public var from: Int
    public var size: Int
    /// Whether each inner hit carries its `_source`.
    public var source: Bool

    /// Reads `inner_hits` (`name`, `from`, `size`, `_source`), as Elasticsearch does.
    ///
    /// - Throws: `parsing_exception` for a value that is not an object or an option es-embedded
    ///   does not run (naming it), `illegal_argument_exception` for a negative `from` or `size`.
    public init(json: JSONValue, path: String) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[inner_hits] must be an object, found [\(json.tokenName)]")
        }
        let supported: Set<String> = ["name", "from", "size", "_source"]
        if let unknown = members.keys.sorted().first(where: { !supported.contains($0) }) {
            throw ElasticsearchError.parsing(
                "es-embedded's [inner_hits] takes [name], [from], [size] and [_source], not [\(unknown)]")
        }
        name = members["name"]?.stringValue ?? path
        from = members["from"]?.intValue ?? 0
        size = members["size"]?.intValue ?? 3
        guard from >= 0, size >= 0 else {
            throw ElasticsearchError.illegalArgument("[inner_hits] [from] and [size] must be positive")
        }
        switch members["_source"] {
        case nil: source = true
        case .bool(let flag)?: source = flag
        case let other?:
            throw ElasticsearchError.parsing(
                "es-embedded's [inner_hits] takes [_source] as true or false, not [\(other.tokenName)]")
        }
    }

    /// Every `nested` query with inner hits in `query`, with its inner query, at any depth of
    /// the compound queries that keep their clauses' matches.
    static func requests(in query: DSLQuery) -> [(path: String, query: DSLQuery, spec: InnerHits)] {
        switch query {
        case .nested(let path, let inner, _, _, _, let spec):
            return (spec.map { [(path, inner, $0)] } ?? []) + requests(in: inner)
        case .bool(let bool):
            return (bool.must + bool.filter + bool.should).flatMap(requests(in:))
        case .constantScore(let filter, _): return requests(in: filter)
        case .disMax(let queries, _, _): return queries.flatMap(requests(in:))
        case .boosting(let positive, _, _, _): return requests(in: positive)
        case .scriptScore(let inner, _, _, _): return requests(in: inner)
        default: return []
        }
    }
}

extension QueryCompiler {
    /// The `inner_hits` object of each document of `docs` (root documents) for the requests:
    /// `{name: {"hits": {"total", "max_score", "hits": [...]}}}`, or `nil` for a document that
    /// has none.
    func innerHits(
        _ requests: [(path: String, query: DSLQuery, spec: InnerHits)], docs: [Int]
    ) throws -> [JSONValue?] {
        var answers: [[String: JSONValue]] = Array(repeating: [:], count: docs.count)
        let wanted = Dictionary(docs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, query, spec) in requests {
            guard let level = shard.level(path) else { continue }
            let node = try compile(query, level: path)
            // The nested objects of each wanted root document, in order (their offsets).
            var children: [Int: [Int]] = [:]
            for child in 0..<level.docCount {
                let root = root(of: child, path: path)
                guard wanted[root] != nil else { continue }
                children[root, default: []].append(child)
            }
            let components = path.split(separator: ".").map(String.init)
            for (position, doc) in docs.enumerated() {
                let objects = children[doc] ?? []
                var matched: [(offset: Int, score: Float)] = []
                for (offset, child) in objects.enumerated() where node.matches.contains(child) {
                    matched.append((offset, node.score(child)))
                }
                matched.sort { $0.score != $1.score ? $0.score > $1.score : $0.offset < $1.offset }
                let values = Self.value(at: components, in: shard.source(doc, along: path))
                let list = values?.arrayValue ?? values.map { [$0] } ?? []
                let page = matched.dropFirst(spec.from).prefix(spec.size).map { hit -> JSONValue in
                    var members: [String: JSONValue] = [
                        "_index": .string(index.name), "_id": .string(shard.ids[doc]),
                        "_nested": ["field": .string(path), "offset": .int(hit.offset)],
                        "_score": .double(Engine.scoreValue(hit.score)),
                    ]
                    if spec.source, hit.offset < list.count { members["_source"] = list[hit.offset] }
                    return .object(members)
                }
                answers[position][spec.name] = [
                    "hits": [
                        "total": ["value": .int(matched.count), "relation": "eq"],
                        "max_score": matched.first.map { .double(Engine.scoreValue($0.score)) } ?? .null,
                        "hits": .array(Array(page)),
                    ]
                ]
            }
        }
        return answers.map { $0.isEmpty ? nil : .object($0) }
    }

    /// The root document a document of nested level `path` belongs to.
    private func root(of doc: Int, path: String) -> Int {
        var current = doc
        var level = path
        while !level.isEmpty, let parent = lookup.nestedParents[level] {
            guard let parents = shard.level(level)?.parents, current < parents.count else { return -1 }
            current = Int(parents[current])
            level = parent
        }
        return current
    }
}
