import Foundation
import HTTPKit
import Testing

@Suite struct ResponseTests {
    @Test func encodesJSONWithSortedKeysAndSetsTheContentType() throws {
        let response = try Response.json(["b": "2/3", "a": "1"], status: .created)
        #expect(response.status == .created)
        #expect(response.bodyText == #"{"a":"1","b":"2/3"}"#)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(try response.decodeJSON(as: [String: String].self) == ["a": "1", "b": "2/3"])
    }

    @Test func keepsAContentTypeTheCallerSet() throws {
        let response = try Response.json([1], headers: ["Content-Type": "application/vnd.x+json"])
        #expect(response.headers.values(for: "content-type") == ["application/vnd.x+json"])
        #expect(Response.text("hi", headers: ["Content-Type": "text/html"]).headers.count == 1)
    }

    @Test func rendersTheDefaultErrorBody() throws {
        let response = Response.error(status: .notFound, message: #"asset "x" not found"#)
        #expect(response.bodyText == #"{"error":{"message":"asset \"x\" not found"}}"#)
        let object = try #require(try response.jsonObject() as? [String: [String: String]])
        #expect(object["error"]?["message"] == #"asset "x" not found"#)
    }
}
