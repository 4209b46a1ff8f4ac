import HTTPKit
import Testing

@testable import Catalogue

@Suite struct SuggestionTests {
    @Test func closeTyposAreSuggested() {
        #expect(Suggestion.closest(to: "andriod", in: ["website", "android", "ios", "tv"]) == "android")
        #expect(Suggestion.closest(to: "TV ", in: ["website", "android", "ios", "tv"]) == "tv")
        #expect(Suggestion.closest(to: "roku", in: ["website", "android", "ios", "tv"]) == nil)
    }

    @Test func editDistance() {
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance([], Array("abc")) == 3)
    }

    @Test func lists() {
        #expect(Suggestion.list(["a"]) == "'a'")
        #expect(Suggestion.list(["a", "b", "c"]) == "'a', 'b' or 'c'")
    }

    @Test func statusesAndMessages() {
        #expect(CatalogueError.missingParameter("q").status == .badRequest)
        #expect(CatalogueError.assetNotFound(uuid: "x", country: nil).status == .notFound)
        #expect(
            CatalogueError.searchStoreUnavailable(reason: "down at 10.0.0.1").status == .serviceUnavailable)
        #expect(
            !CatalogueError.searchStoreUnavailable(reason: "down at 10.0.0.1").description.contains(
                "10.0.0.1"))
        #expect(CatalogueError.indexMissing("assetflat").status == .serviceUnavailable)
        #expect(CatalogueError.unknownCountry(parameter: "content_country", code: "XX").status == .badRequest)
    }
}
