import HTTPKit
import Testing

@Suite struct QueryItemsTests {
    @Test func parsesItemsInOrderWithRepeatsAndBracketedNames() {
        let query = QueryItems(parsing: "id[]=a,b&id=c&content_country=KE&flag&empty=&&x=1=2")
        #expect(query.values("id") == ["a,b", "c"])
        #expect(query.values("id", separatedBy: ",") == ["a", "b", "c"])
        #expect(query["content_country"] == "KE")
        #expect(query["flag"] == "")
        #expect(query["empty"] == "")
        #expect(query["x"] == "1=2")
        #expect(query.contains("id"))
        #expect(!query.contains("i"))
        #expect(query.items.map(\.name) == ["id[]", "id", "content_country", "flag", "empty", "x"])
    }

    @Test func decodesPercentEscapesAndPlusAndKeepsInvalidEscapes() {
        let query = QueryItems(parsing: "q=caf%C3%A9+au+lait&id%5B%5D=x%2Cy&bad=100%&worse=%zz&plus=%2B")
        #expect(query["q"] == "café au lait")
        #expect(query.values("id") == ["x,y"])
        #expect(query["bad"] == "100%")
        #expect(query["worse"] == "%zz")
        #expect(query["plus"] == "+")
    }

    @Test func splitsListsTrimmingSpacesAndDroppingEmptyElements() {
        let query: QueryItems = ["id[]": " a , ,b,", "id": "c"]
        #expect(query.values("id", separatedBy: ",") == ["a", "b", "c"])
    }

    @Test func encodesSoThatParsingGivesTheSameItems() {
        let query: QueryItems = ["id[]": "a,b", "name": "café & co/1+1=2", "id[]": "c"]
        let encoded = query.encoded
        #expect(encoded == "id%5B%5D=a%2Cb&name=caf%C3%A9%20%26%20co%2F1%2B1%3D2&id%5B%5D=c")
        #expect(QueryItems(parsing: encoded) == query)
    }
}

@Suite struct QueryItemsValidationTests {
    @Test func requiresPresentParametersAndConvertsTypedOnes() throws {
        let query = QueryItems(parsing: "content_country=KE&size=20&from=x")
        #expect(try query.require("content_country") == "KE")
        #expect(try query.value("size", as: Int.self) == 20)
        #expect(try query.value("page", as: Int.self) == nil)
        #expect(throws: HTTPError(.badRequest, message: "missing query parameter 'id'")) {
            try query.require("id")
        }
        #expect(
            throws: HTTPError(.badRequest, message: "query parameter 'from' must be a valid Int, got 'x'")
        ) {
            try query.value("from", as: Int.self)
        }
    }
}
