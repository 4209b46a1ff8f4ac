import Testing

@testable import ESEmbedded

@Suite struct DocSetTests {
    @Test func setOperationsWorkWordWise() {
        var left = DocSet(capacity: 130)
        for doc in [0, 1, 63, 64, 127, 129] { left.insert(doc) }
        var right = DocSet(capacity: 130)
        for doc in [1, 64, 100, 129] { right.insert(doc) }
        #expect(left.count == 6)
        #expect(Array(left) == [0, 1, 63, 64, 127, 129])
        var intersection = left
        intersection.formIntersection(right)
        #expect(Array(intersection) == [1, 64, 129])
        var union = left
        union.formUnion(right)
        #expect(union.count == 7)
        var difference = left
        difference.subtract(right)
        #expect(Array(difference) == [0, 63, 127])
        #expect(DocSet.full(capacity: 130).count == 130)
        #expect(left.complement.count == 124)
        #expect(!left.contains(200))
        left.insert(500)
        #expect(left.count == 6)
    }

    @Test func growsAndRemoves() {
        var set = DocSet(capacity: 0)
        #expect(set.isEmpty)
        set.grow(to: 70)
        set.insert(69)
        set.insert(3)
        set.remove(3)
        #expect(Array(set) == [69])
        #expect(set.capacity == 70)
    }

    @Test func postingListsAndPointsFindDocuments() {
        var postings = PostingList()
        postings.append(2)
        postings.append(5, frequency: 3)
        postings.append(9)
        #expect(postings.frequency(of: 5) == 3)
        #expect(postings.frequency(of: 2) == 1)
        #expect(postings.frequency(of: 7) == 0)
        var points = PointIndex()
        for (value, doc) in [(30, 0), (10, 1), (20, 2), (10, 3)] {
            points.append(Int64(value), doc: UInt32(doc))
        }
        points.seal()
        points.append(15, doc: 4)
        points.seal()
        var found = DocSet(capacity: 5)
        points.collect(lower: 10, upper: 20, into: &found)
        #expect(Array(found) == [1, 2, 3, 4])
        #expect(points.count(lower: 11, upper: .max) == 3)
        #expect(points.sorted.map(\.value) == [10, 10, 15, 20, 30])
    }

    @Test func sortableDoublesKeepTheirOrder() {
        let values: [Double] = [-.infinity, -1e300, -2.5, -0.0, 0.0, 1e-300, 3.25, .infinity]
        let encoded = values.map(SortableDouble.encode)
        #expect(encoded == encoded.sorted())
        #expect(encoded.map(SortableDouble.decode) == values)
    }
}
