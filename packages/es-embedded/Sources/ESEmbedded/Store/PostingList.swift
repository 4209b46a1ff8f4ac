/// The documents holding one term of one field, ascending, with the term's frequency in each
/// (for `text` fields; other fields always count 1).
struct PostingList: Sendable, Equatable {
    /// Document numbers, strictly ascending.
    private(set) var docs: [UInt32] = []
    /// Term frequencies, parallel to ``docs``; empty when every frequency is 1.
    private(set) var freqs: [UInt32] = []
    /// The term's ordinal among its column's keyword sort values (``FieldColumn/sortTerms``,
    /// 1-based); 0 when no document sorts by it.
    var sortOrdinal: UInt32 = 0

    init() {}

    /// A list as an index image stored it (``IndexImage``).
    init(docs: [UInt32], freqs: [UInt32], sortOrdinal: UInt32 = 0) {
        self.docs = docs
        self.freqs = freqs
        self.sortOrdinal = sortOrdinal
    }

    /// The same documents and frequencies (the ordinal depends on the order terms came in).
    static func == (lhs: PostingList, rhs: PostingList) -> Bool {
        lhs.docs == rhs.docs && lhs.freqs == rhs.freqs
    }

    /// Appends a document; documents arrive in ascending order, each at most once.
    mutating func append(_ doc: UInt32, frequency: UInt32 = 1) {
        if frequency != 1 && freqs.isEmpty {
            freqs = [UInt32](repeating: 1, count: docs.count)
        }
        docs.append(doc)
        if !freqs.isEmpty { freqs.append(frequency) }
    }

    /// The number of documents (deleted ones included, as Lucene counts before a merge).
    var count: Int { docs.count }

    /// The frequency of the term in `doc`, 0 when absent.
    func frequency(of doc: UInt32) -> UInt32 {
        var low = 0
        var high = docs.count
        while low < high {
            let middle = (low + high) >> 1
            if docs[middle] < doc { low = middle + 1 } else { high = middle }
        }
        guard low < docs.count, docs[low] == doc else { return 0 }
        return freqs.isEmpty ? 1 : freqs[low]
    }
}
