/// The documents holding one term of one field, ascending, with the term's frequency in each
/// (for `text` fields; other fields always count 1).
struct PostingList: Sendable, Equatable {
    /// Documents, strictly ascending, once there are two or more. A single document is
    /// ``only`` instead: every term of an id-like field has one, and an array of one element
    /// would cost a heap allocation per term.
    private var many: [UInt32] = []
    /// Term frequencies, parallel to ``docs``; empty when every frequency is 1.
    private(set) var freqs: [UInt32] = []
    /// The document while there is only one (`UInt32.max`: none; unused once ``many`` holds them).
    private var only = UInt32.max
    /// The term's ordinal among its column's keyword sort values (``FieldColumn/sortTerms``,
    /// 1-based); 0 when no document sorts by it.
    var sortOrdinal: UInt32 = 0

    init() {}

    /// A list as an index image stored it (``IndexImage``).
    init(docs: [UInt32], freqs: [UInt32], sortOrdinal: UInt32 = 0) {
        if docs.count == 1 { only = docs[0] } else { many = docs }
        self.freqs = freqs
        self.sortOrdinal = sortOrdinal
    }

    /// The same documents and frequencies (the ordinal depends on the order terms came in).
    static func == (lhs: PostingList, rhs: PostingList) -> Bool {
        lhs.docs == rhs.docs && lhs.freqs == rhs.freqs
    }

    /// Document numbers, strictly ascending.
    var docs: [UInt32] {
        if !many.isEmpty { return many }
        return only == .max ? [] : [only]
    }

    /// Appends a document; documents arrive in ascending order, each at most once.
    mutating func append(_ doc: UInt32, frequency: UInt32 = 1) {
        // Frequencies are kept once one differs from 1; the documents before it counted 1 each.
        // (Filled before the document is added, and the frequency appended after: an empty
        // ``freqs`` means "all 1", so a first document's frequency must not depend on it.)
        if frequency != 1 && freqs.isEmpty {
            freqs = [UInt32](repeating: 1, count: count)
            freqs.reserveCapacity(count + 1)
            freqs.append(frequency)
        } else if !freqs.isEmpty {
            freqs.append(frequency)
        }
        if !many.isEmpty {
            many.append(doc)
        } else if only == .max {
            only = doc
        } else {
            many = [only, doc]
        }
    }

    /// The document when the list holds exactly one.
    var onlyDoc: UInt32? {
        many.isEmpty && only != .max ? only : nil
    }

    /// The number of documents (deleted ones included, as Lucene counts before a merge).
    var count: Int {
        if !many.isEmpty { return many.count }
        return only == .max ? 0 : 1
    }

    /// The frequency of the term in `doc`, 0 when absent.
    func frequency(of doc: UInt32) -> UInt32 {
        guard !many.isEmpty else {
            guard only != .max, only == doc else { return 0 }
            return freqs.isEmpty ? 1 : freqs[0]
        }
        var low = 0
        var high = many.count
        while low < high {
            let middle = (low + high) >> 1
            if many[middle] < doc { low = middle + 1 } else { high = middle }
        }
        guard low < many.count, many[low] == doc else { return 0 }
        return freqs.isEmpty ? 1 : freqs[low]
    }
}
