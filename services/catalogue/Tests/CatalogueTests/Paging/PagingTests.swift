import HTTPKit
import Testing

@testable import Catalogue

@Suite struct PagingTests {
    @Test func defaults() throws {
        #expect(try Paging(query: [:], defaultSize: 20) == Paging(start: 0, num: 20))
        #expect(
            try Paging(query: ["start": "40", "num": "100"], defaultSize: 20) == Paging(start: 40, num: 100))
    }

    @Test(
        arguments: [
            ["num": "0"], ["num": "101"], ["num": "x"], ["start": "-1"], ["start": "10001"],
            ["start": "9991", "num": "10"],
            ["num": "1.5"],
        ] as [QueryItems])
    func refusesOutOfRange(query: QueryItems) {
        #expect(throws: CatalogueError.self) { try Paging(query: query, defaultSize: 20) }
    }

    @Test func lastPageOfTheWindow() throws {
        #expect(try Paging(query: ["start": "9990", "num": "10"], defaultSize: 20).start == 9990)
    }

    @Test func aCursorReplacesStart() throws {
        #expect(
            try Paging(query: ["cursor": "abc.def", "num": "5"], defaultSize: 20)
                == Paging(start: 0, num: 5, cursor: "abc.def"))
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "start", value: "20",
                expected:
                    "cannot be combined with 'cursor', which says where the page starts; send one of them")
        ) {
            try Paging(query: ["cursor": "abc.def", "start": "20"], defaultSize: 20)
        }
    }

    @Test func messageSaysWhatIsAccepted() {
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "num", value: "500", expected: "must be an integer from 1 to 100")
        ) {
            try Paging(query: ["num": "500"], defaultSize: 20)
        }
    }
}
