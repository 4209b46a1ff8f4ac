import Testing

@testable import ESEmbedded

/// A column keeps each document's largest sort value only once some document's differs from
/// its smallest; its sort values are the same either way.
@Suite struct FieldColumnTests {
    @Test func keywordSortValuesOfSingleAndMultiValuedDocuments() {
        var column = FieldColumn(kind: .keyword)
        column.add(.keyword("b"), doc: 0)
        column.add(.keywords(["c"]), doc: 1)
        #expect(column.maxKeyword.isEmpty)
        #expect(column.keywordSortValue(1, largest: true) == "c")
        column.add(.keywords(["z", "a"]), doc: 3)
        column.add(.keyword("m"), doc: 4)
        #expect(column.largestKeywords == ["b", "c", nil, "z", "m"])
        #expect(
            (0..<6).map { column.keywordSortValue($0, largest: false) } == ["b", "c", nil, "a", "m", nil])
        #expect((0..<6).map { column.keywordSortValue($0, largest: true) } == ["b", "c", nil, "z", "m", nil])
    }

    /// Sort values are ordinals into the column's terms, and keep each document's own bytes
    /// where the postings take canonically equivalent spellings as one term.
    @Test func keywordSortValuesKeepTheirBytes() {
        var column = FieldColumn(kind: .keyword)
        column.add(.keyword("\u{E9}"), doc: 0)
        column.add(.keyword("e\u{301}"), doc: 1)
        column.add(.keywords(["e\u{301}", "a"]), doc: 2)
        column.add(.keyword("\u{E9}"), doc: 3)
        let bytes = { (doc: Int, largest: Bool) in
            column.keywordSortValue(doc, largest: largest).map { Array($0.utf8) }
        }
        #expect(bytes(0, false) == Array("\u{E9}".utf8))
        #expect(bytes(1, false) == Array("e\u{301}".utf8))
        #expect(bytes(2, true) == Array("e\u{301}".utf8) && bytes(2, false) == Array("a".utf8))
        #expect(bytes(3, true) == Array("\u{E9}".utf8))
        #expect(column.terms.count == 2)
    }

    @Test func numericSortValuesAndRangesOfSingleAndMultiValuedDocuments() {
        var column = FieldColumn(kind: .long)
        column.add(.point(5), doc: 0)
        column.add(.points([7]), doc: 2)
        #expect(column.maxValue.isEmpty)
        #expect(column.numericSortValue(2, largest: true) == 7)
        #expect(column.hasValue(of: 0, in: 5, 5))
        column.add(.points([9, 1]), doc: 3)
        column.add(.point(4), doc: 4)
        #expect(column.largestValues == [5, 0, 7, 9, 4])
        #expect((0..<5).map { column.numericSortValue($0, largest: false) } == [5, nil, 7, 1, 4])
        #expect((0..<5).map { column.numericSortValue($0, largest: true) } == [5, nil, 7, 9, 4])
        #expect(column.hasValue(of: 3, in: 8, 10))
        #expect(column.docCount == 4 && column.existingDocs == [0, 2, 3, 4] && !column.exists.contains(1))
        #expect(!column.hasValue(of: 4, in: 5, 10))
    }

    /// An image stores both tables whole; a column read back from it keeps one when they agree.
    @Test func aColumnFromItsTablesKeepsOneWhenTheyAgree() {
        let single = FieldColumn(
            kind: .keyword, terms: [:], points: PointIndex(), exists: [0, 1], minKeyword: ["a", "b"],
            maxKeyword: ["a", "b"], minValue: [1, 2], maxValue: [1, 2], hasValue: [true, true],
            multiValues: [:],
            lengths: [], totalTokens: 0)
        #expect(single.maxKeyword.isEmpty && single.maxValue.isEmpty)
        #expect(single.docCount == 2 && single.existingDocs == [0, 1])
        #expect(single.largestKeywords == ["a", "b"] && single.largestValues == [1, 2])
        // Canonically equivalent spellings are different terms.
        let spelled = FieldColumn(
            kind: .keyword, terms: [:], points: PointIndex(), exists: [0], minKeyword: ["\u{E9}"],
            maxKeyword: ["e\u{301}"], minValue: [], maxValue: [], hasValue: [], multiValues: [:], lengths: [],
            totalTokens: 0)
        #expect(spelled.keywordSortValue(0, largest: true).map { Array($0.utf8) } == Array("e\u{301}".utf8))
    }
}
