/// Graph searches over integer node ids.
package enum GraphAlgorithms {
    /// The result of a multi-source breadth-first search.
    package struct Reach {
        /// For each reached node, the neighbour it was reached from (nil for a source).
        var parent: [Int?]
        /// For each reached node, the source it was reached from.
        package var source: [Int?]
        /// Whether a node was reached.
        package func reached(_ node: Int) -> Bool { source[node] != nil }
    }

    /// Breadth-first search from several sources at once, following `neighbours`.
    ///
    /// Each node records the nearest source (ties: the earlier source) and its predecessor, so a
    /// shortest path back to a source can be read off. O(V + E).
    package static func breadthFirst(from sources: [Int], nodeCount: Int, neighbours: (Int) -> [Int]) -> Reach
    {
        var parent = [Int?](repeating: nil, count: nodeCount)
        var source = [Int?](repeating: nil, count: nodeCount)
        var queue: [Int] = []
        for start in sources where source[start] == nil {
            source[start] = start
            queue.append(start)
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in neighbours(node) where source[next] == nil {
                source[next] = source[node]
                parent[next] = node
                queue.append(next)
            }
        }
        return Reach(parent: parent, source: source)
    }

    /// The nodes from `node` back to its source, excluding `node` itself.
    package static func pathToSource(_ node: Int, in reach: Reach) -> [Int] {
        var path: [Int] = []
        var current = reach.parent[node]
        while let next = current {
            path.append(next)
            current = reach.parent[next]
        }
        return path
    }
}
