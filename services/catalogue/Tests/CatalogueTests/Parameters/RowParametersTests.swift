import HTTPKit
import Testing

@testable import Catalogue

@Suite struct RowParametersTests {
    @Test func homeScreenDefaults() throws {
        #expect(try RowsParameters(query: [:]) == RowsParameters(country: nil, items: 20))
        #expect(
            try RowsParameters(query: ["content_country": "ke", "items": "50"])
                == RowsParameters(country: CountryCode("KE"), items: 50))
    }

    @Test(
        arguments: [["items": "0"], ["items": "51"], ["items": "x"], ["content_country": "KEN"]]
            as [QueryItems])
    func homeScreenRefuses(query: QueryItems) {
        #expect(throws: CatalogueError.self) { try RowsParameters(query: query) }
    }

    @Test func oneRowPagesItsItems() throws {
        #expect(
            try RowParameters(slug: "new-this-week", query: ["start": "20", "num": "10"])
                == RowParameters(slug: "new-this-week", paging: Paging(start: 20, num: 10)))
        #expect(try RowParameters(slug: "picks", query: [:]).paging == Paging(start: 0, num: 20))
    }

    @Test(arguments: ["a;b", "", "new this week", String(repeating: "x", count: 129)])
    func aMalformedSlugIsRefused(slug: String) {
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "slug", value: slug, expected: "must be 1 to 128 letters, digits, '-', '_', '.' or ':'")
        ) { try RowParameters(slug: slug, query: [:]) }
    }
}
