/// The values of a numeric, date or boolean field sorted by value, so a range becomes two
/// binary searches and a run of documents (Lucene's points, in their simplest form).
///
/// New values go to an unsorted tail; ``seal()`` (at refresh) sorts the tail and merges it in.
struct PointIndex: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var value: Int64
        var doc: UInt32
    }

    /// Points sorted by value, then document.
    private(set) var sorted: [Point] = []
    /// Points added since the last ``seal()``.
    private(set) var pending: [Point] = []

    init() {}

    /// Points as an index image stored them (``IndexImage``).
    init(sorted: [Point], pending: [Point]) {
        self.sorted = sorted
        self.pending = pending
    }

    /// Adds a value of `doc`.
    mutating func append(_ value: Int64, doc: UInt32) {
        pending.append(Point(value: value, doc: doc))
    }

    /// Whether values were added since the last ``seal()``.
    var hasPending: Bool { !pending.isEmpty }

    /// Merges the pending points into the sorted ones.
    mutating func seal() {
        guard !pending.isEmpty else { return }
        pending.sort { ($0.value, $0.doc) < ($1.value, $1.doc) }
        if sorted.isEmpty {
            sorted = pending
        } else if let last = sorted.last, let first = pending.first,
            (last.value, last.doc) <= (first.value, first.doc)
        {
            sorted.append(contentsOf: pending)
        } else {
            sorted = Self.merge(sorted, pending)
        }
        pending.removeAll()
    }

    private static func merge(_ left: [Point], _ right: [Point]) -> [Point] {
        var result: [Point] = []
        result.reserveCapacity(left.count + right.count)
        var i = 0
        var j = 0
        while i < left.count && j < right.count {
            if (left[i].value, left[i].doc) <= (right[j].value, right[j].doc) {
                result.append(left[i])
                i += 1
            } else {
                result.append(right[j])
                j += 1
            }
        }
        result.append(contentsOf: left[i...])
        result.append(contentsOf: right[j...])
        return result
    }

    /// Adds every document with a value in `lower...upper` to `set` (sealed points only).
    func collect(lower: Int64, upper: Int64, into set: inout DocSet) {
        guard lower <= upper else { return }
        let start = firstIndex(notBelow: lower)
        guard start < sorted.count else { return }
        sorted.withUnsafeBufferPointer { points in
            var index = start
            while index < points.count, points[index].value <= upper {
                set.insert(Int(points[index].doc))
                index += 1
            }
        }
    }

    /// The number of sealed points with a value in `lower...upper`.
    func count(lower: Int64, upper: Int64) -> Int {
        guard lower <= upper else { return 0 }
        let start = firstIndex(notBelow: lower)
        let end = upper == .max ? sorted.count : firstIndex(notBelow: upper + 1)
        return max(0, end - start)
    }

    private func firstIndex(notBelow value: Int64) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) >> 1
            if sorted[middle].value < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
