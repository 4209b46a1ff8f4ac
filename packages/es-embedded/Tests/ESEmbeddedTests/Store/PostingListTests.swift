import Testing

@testable import ESEmbedded

/// A posting list holds a single document without an array, and reads the same once it grows.
@Suite struct PostingListTests {
    @Test func oneDocumentThenMore() {
        var list = PostingList()
        #expect(list.count == 0 && list.docs.isEmpty && list.frequency(of: 0) == 0)
        list.append(4)
        #expect(list.count == 1 && list.docs == [4])
        #expect(list.frequency(of: 4) == 1 && list.frequency(of: 5) == 0)
        list.append(9, frequency: 3)
        list.append(12)
        #expect(list.docs == [4, 9, 12] && list.freqs == [1, 3, 1])
        #expect(list.frequency(of: 9) == 3 && list.frequency(of: 12) == 1 && list.frequency(of: 10) == 0)
        #expect(list == PostingList(docs: [4, 9, 12], freqs: [1, 3, 1], sortOrdinal: 7))
    }

    /// A first document with a frequency above 1 keeps it (it used to be counted as 1).
    @Test func firstDocumentFrequencyIsKept() {
        var list = PostingList()
        list.append(2, frequency: 3)
        #expect(list.frequency(of: 2) == 3 && list.freqs == [3])
        list.append(5)
        #expect(list.docs == [2, 5] && list.freqs == [3, 1])
        #expect(list.frequency(of: 2) == 3 && list.frequency(of: 5) == 1)
    }
}
