import HTTPKit
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesIgnoringCaseAndKeepsOrderAndRepeats() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept": "a"]
        headers.add(name: "accept", value: "b")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers.values(for: "ACCEPT") == ["a", "b"])
        #expect(headers.map(\.name) == ["Content-Type", "Accept", "accept"])
        #expect(headers.count == 3)
        #expect(headers["missing"] == nil)
    }

    @Test func replacesAndRemovesEveryFieldOfAName() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers.replaceOrAdd(name: "a", value: "9")
        #expect(headers.map(\.value) == ["9", "2"])
        headers["C"] = "new"
        #expect(headers["c"] == "new")
        headers["b"] = nil
        #expect(!headers.contains(name: "B"))
        headers.remove(name: "A")
        #expect(headers.map(\.name) == ["C"])
    }

    @Test func findsTokensInCommaSeparatedFields() {
        let headers: HTTPHeaders = ["Connection": "keep-alive, Upgrade", "connection": " CLOSE "]
        #expect(headers.containsToken("upgrade", inField: "Connection"))
        #expect(headers.containsToken("close", inField: "connection"))
        #expect(!headers.containsToken("keep", inField: "Connection"))
    }

    @Test func comparesNamesIgnoringCaseButValuesExactly() {
        let headers: HTTPHeaders = ["A": "x", "B": "y"]
        #expect(headers == ["a": "x", "b": "y"])
        #expect(headers != ["a": "X", "b": "y"])
        #expect(headers != ["B": "y", "A": "x"])
    }
}
