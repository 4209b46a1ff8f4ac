/// A tree of path segments that finds the route for a request path.
///
/// Literal segments win over parameters: `/_bulk` is tried before `/{index}`. When a literal
/// branch cannot match the rest of the path, matching backtracks to the parameter branch, so
/// `/_bulk/_doc/1` still matches `/{index}/_doc/{id}`. The first path that matches (literals
/// first) decides; if it has no handler for the method, the answer is 405 rather than a
/// search for another route, as Elasticsearch does. Matching costs O(segments) without
/// backtracking and O(2^segments) in the worst case of nested literal/parameter overlaps,
/// which real route tables do not come near.
struct RouteTrie: Sendable {
    /// A handler with what it needs to fill the context.
    struct Endpoint: Sendable {
        let pattern: RoutePattern
        let handler: NextResponder
        /// The pattern as text, computed once for every request's context.
        let route: String

        init(pattern: RoutePattern, handler: @escaping NextResponder) {
            self.pattern = pattern
            self.handler = handler
            self.route = pattern.description
        }
    }

    /// The result of a lookup.
    enum Match {
        case found(Endpoint, parameters: PathParameters)
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        var endpoints: [HTTPMethod: Endpoint] = [:]
    }

    private var nodes: [Node] = [Node()]

    /// Adds `endpoint` for `method`; a second registration of the same method and path replaces
    /// the first.
    mutating func insert(_ endpoint: Endpoint, method: HTTPMethod) {
        var current = 0
        for segment in endpoint.pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[current].literals[text] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literals[text] = nodes.count - 1
                    current = nodes.count - 1
                }
            case .parameter:
                if let next = nodes[current].parameter {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = nodes.count - 1
                    current = nodes.count - 1
                }
            }
        }
        nodes[current].endpoints[method] = endpoint
    }

    /// Finds the endpoint for `method` and decoded path `segments`; `HEAD` falls back to the
    /// `GET` endpoint when the path has no `HEAD` one.
    func match(method: HTTPMethod, segments: [String]) -> Match {
        var captures: [String] = []
        guard let node = find(segments[...], from: 0, captures: &captures) else { return .notFound }
        let endpoints = nodes[node].endpoints
        let endpoint = endpoints[method] ?? (method == .head ? endpoints[.get] : nil)
        guard let endpoint else {
            var allowed = Set(endpoints.keys)
            if allowed.contains(.get) { allowed.insert(.head) }
            return .methodNotAllowed(allowed: allowed.sorted { $0.rawValue < $1.rawValue })
        }
        let names = endpoint.pattern.parameterNames
        return .found(endpoint, parameters: PathParameters(Array(zip(names, captures))))
    }

    private func find(_ segments: ArraySlice<String>, from node: Int, captures: inout [String]) -> Int? {
        guard let segment = segments.first else {
            return nodes[node].endpoints.isEmpty ? nil : node
        }
        let rest = segments.dropFirst()
        if let literal = nodes[node].literals[segment],
            let found = find(rest, from: literal, captures: &captures)
        {
            return found
        }
        if let parameter = nodes[node].parameter {
            captures.append(segment)
            if let found = find(rest, from: parameter, captures: &captures) {
                return found
            }
            captures.removeLast()
        }
        return nil
    }
}
