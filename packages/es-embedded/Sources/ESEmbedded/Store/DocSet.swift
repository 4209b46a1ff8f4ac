/// A set of document numbers within one index level, as a bitset: the currency of query
/// evaluation (`and`, `or`, `and not` are word-wise operations).
///
/// `capacity` is the level's document count when the set was made; bits past it are never set.
struct DocSet: Sendable, Equatable {
    private(set) var words: [UInt64]
    /// The number of document numbers the set can hold.
    private(set) var capacity: Int

    /// An empty set for documents `0..<capacity`.
    init(capacity: Int) {
        self.capacity = capacity
        self.words = [UInt64](repeating: 0, count: (capacity + 63) >> 6)
    }

    /// A set as an index image stored it (``IndexImage``); `nil` when the words do not fit
    /// the capacity.
    init?(words: [UInt64], capacity: Int) {
        guard capacity >= 0, words.count == (capacity + 63) >> 6 else { return nil }
        self.words = words
        self.capacity = capacity
    }

    /// The set of every document `0..<capacity`.
    static func full(capacity: Int) -> DocSet {
        var set = DocSet(capacity: capacity)
        set.fill()
        return set
    }

    /// Sets every bit `0..<capacity`.
    mutating func fill() {
        guard !words.isEmpty else { return }
        words.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = ~0 }
            let tail = capacity & 63
            if tail != 0 { buffer[buffer.count - 1] = (1 << UInt64(tail)) - 1 }
        }
    }

    /// Makes room for documents up to `newCapacity` (new ones absent).
    mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        capacity = newCapacity
        let needed = (newCapacity + 63) >> 6
        if words.count < needed { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
    }

    /// Adds `doc` (ignored when out of range).
    mutating func insert(_ doc: Int) {
        guard doc >= 0, doc < capacity else { return }
        words[doc >> 6] |= 1 << UInt64(doc & 63)
    }

    /// Adds every document of a sorted posting list.
    mutating func insert(contentsOf docs: [UInt32]) {
        let limit = capacity
        words.withUnsafeMutableBufferPointer { buffer in
            for doc in docs {
                let value = Int(doc)
                guard value < limit else { continue }
                buffer[value >> 6] |= 1 << UInt64(value & 63)
            }
        }
    }

    /// Removes `doc`.
    mutating func remove(_ doc: Int) {
        guard doc >= 0, doc < capacity else { return }
        words[doc >> 6] &= ~(1 << UInt64(doc & 63))
    }

    /// Whether `doc` is in the set.
    func contains(_ doc: Int) -> Bool {
        guard doc >= 0, doc < capacity else { return false }
        return words[doc >> 6] & (1 << UInt64(doc & 63)) != 0
    }

    /// Keeps only the documents also in `other`.
    mutating func formIntersection(_ other: DocSet) {
        other.words.withUnsafeBufferPointer { theirs in
            words.withUnsafeMutableBufferPointer { mine in
                let shared = Swift.min(mine.count, theirs.count)
                for index in 0..<shared { mine[index] &= theirs[index] }
                for index in shared..<mine.count { mine[index] = 0 }
            }
        }
    }

    /// Adds the documents of `other`.
    mutating func formUnion(_ other: DocSet) {
        other.words.withUnsafeBufferPointer { theirs in
            words.withUnsafeMutableBufferPointer { mine in
                for index in 0..<Swift.min(mine.count, theirs.count) { mine[index] |= theirs[index] }
            }
        }
    }

    /// Removes the documents of `other`.
    mutating func subtract(_ other: DocSet) {
        other.words.withUnsafeBufferPointer { theirs in
            words.withUnsafeMutableBufferPointer { mine in
                for index in 0..<Swift.min(mine.count, theirs.count) { mine[index] &= ~theirs[index] }
            }
        }
    }

    /// The documents of `0..<capacity` not in the set.
    var complement: DocSet {
        var result = DocSet.full(capacity: capacity)
        result.subtract(self)
        return result
    }

    /// The number of documents in the set.
    var count: Int {
        words.withUnsafeBufferPointer { buffer in
            var total = 0
            for word in buffer { total += word.nonzeroBitCount }
            return total
        }
    }

    /// Whether the set holds no document.
    var isEmpty: Bool {
        words.allSatisfy { $0 == 0 }
    }

    /// The documents of the set, ascending.
    var members: [Int] {
        Array(self)
    }
}

extension DocSet: Sequence {
    /// Iterates the documents of the set in ascending order.
    struct Iterator: IteratorProtocol {
        private let words: [UInt64]
        private var index = 0
        private var remaining: UInt64

        init(words: [UInt64]) {
            self.words = words
            self.remaining = words.first ?? 0
        }

        mutating func next() -> Int? {
            while remaining == 0 {
                index += 1
                guard index < words.count else { return nil }
                remaining = words[index]
            }
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index << 6 + bit
        }
    }

    func makeIterator() -> Iterator {
        Iterator(words: words)
    }

    var underestimatedCount: Int { 0 }
}
