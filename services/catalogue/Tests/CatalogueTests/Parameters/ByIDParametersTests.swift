import Foundation
import HTTPKit
import Testing

@testable import Catalogue

@Suite struct ByIDParametersTests {
    @Test func readsIDsInOrderWithoutRepeats() throws {
        let parameters = try ByIDParameters(
            query: QueryItems(parsing: "id[]=uuid-3,uuid-1&id=uuid-3&id[]=%20uuid-2%20&content_country=ke"))
        #expect(parameters.ids == ["uuid-3", "uuid-1", "uuid-2"])
        #expect(parameters.country == CountryCode("KE"))
    }

    @Test func countryIsOptional() throws {
        #expect(try ByIDParameters(query: ["id": "a"]).country == nil)
    }

    @Test func missingIDs() {
        #expect(throws: CatalogueError.missingParameter("id")) {
            try ByIDParameters(query: ["content_country": "KE"])
        }
    }

    @Test func emptyElement() {
        #expect(throws: CatalogueError.malformedIDList("empty id at position 2 of 'a,,b'")) {
            try ByIDParameters(query: ["id[]": "a,,b"])
        }
    }

    @Test func invalidCharacters() {
        #expect(throws: CatalogueError.self) { try ByIDParameters(query: ["id[]": "a,b c"]) }
        #expect(throws: CatalogueError.self) { try ByIDParameters(query: ["id[]": "ü"]) }
    }

    @Test func hundredIsTheLimitAfterRepeatsAreRemoved() throws {
        let hundred = (1...100).map { "id-\($0)" }
        #expect(
            try ByIDParameters(query: ["id[]": (hundred + hundred).joined(separator: ",")]).ids.count == 100)
        #expect(throws: CatalogueError.tooManyIDs(count: 101, limit: 100)) {
            try ByIDParameters(query: ["id[]": (hundred + ["one-more"]).joined(separator: ",")])
        }
    }

    @Test func malformedCountry() {
        #expect(throws: CatalogueError.self) {
            try ByIDParameters(query: ["id": "a", "content_country": "K3"])
        }
    }

    @Test(arguments: [
        "a,b,c", ",", ",,a,", "", "a", " a , b ", "uuid-1,\r\n,uuid-2", "caf\u{E9},x", ",\u{301}a,b",
        "a,\u{1F600},b", "\t,\t",
    ])
    func splitsListsLikeACharacterSplit(value: String) {
        #expect(
            ByIDParameters.elements(of: value)
                == value.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    @Test(arguments: ["KE", " KE", "KE ", "\u{A0}KE\u{2003}", "\tke\t", "K E", "   ", ""])
    func trimsValuesLikeFoundation(value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        #expect(QueryItems([("q", value)]).trimmed("q") == (trimmed.isEmpty ? nil : trimmed))
    }
}
