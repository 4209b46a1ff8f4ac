import Testing

@testable import ESModels

/// The rules of the minimum_should_match documentation page.
@Suite struct MinimumShouldMatchTests {
    @Test(arguments: [
        ("3", 5, 3), ("-2", 5, 3), ("75%", 5, 3), ("-25%", 5, 4), ("3<90%", 3, 3), ("3<90%", 5, 4),
        ("2<-25% 9<-3", 2, 2), ("2<-25% 9<-3", 5, 4), ("2<-25% 9<-3", 10, 7), ("2 < -25%  9 < -3", 10, 7),
        ("7", 3, 7), ("-7", 3, 0), ("100%", 4, 4), ("0", 4, 0),
    ])
    func resolvesLikeElasticsearch(spec: String, clauses: Int, required: Int) throws {
        let parsed = try #require(MinimumShouldMatch(spec: spec))
        #expect(parsed.required(outOf: clauses) == required)
    }

    @Test func keepsItsSpelling() throws {
        #expect(MinimumShouldMatch(spec: "2") == .count(2))
        #expect(MinimumShouldMatch(spec: "75%") == .percentage(75))
        #expect(MinimumShouldMatch(spec: "2 < -25%  9 < -3") == .combination("2<-25% 9<-3"))
        #expect(MinimumShouldMatch.percentage(75).json == "75%")
        #expect(MinimumShouldMatch.count(2).json == 2)
        #expect(MinimumShouldMatch(spec: "abc") == nil)
        #expect(MinimumShouldMatch(spec: "3<x") == nil)
    }

    @Test func boolDecidesHowManyShouldClausesAreRequired() {
        #expect(BoolQuery(should: [.matchAll, .matchAll]).requiredShouldMatches == 1)
        #expect(BoolQuery(filter: [.matchAll], should: [.matchAll]).requiredShouldMatches == 0)
        #expect(
            BoolQuery(filter: [.matchAll], should: [.matchAll], minimumShouldMatch: 1).requiredShouldMatches
                == 1)
        #expect(
            BoolQuery(should: [.matchAll, .matchAll, .matchAll], minimumShouldMatch: -1).requiredShouldMatches
                == 2)
        #expect(BoolQuery().requiredShouldMatches == 0)
    }
}
