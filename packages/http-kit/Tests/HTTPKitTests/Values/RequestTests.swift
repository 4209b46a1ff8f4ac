import Foundation
import HTTPKit
import Testing

@Suite struct RequestTests {
    @Test func splitsTheTargetIntoPathAndQuery() {
        let request = Request(method: .get, target: "/catalogue/by_id?id[]=a,b&content_country=KE")
        #expect(request.path == "/catalogue/by_id")
        #expect(request.rawQuery == "id[]=a,b&content_country=KE")
        #expect(request.query.values("id", separatedBy: ",") == ["a", "b"])
        #expect(request.target == "/catalogue/by_id?id[]=a,b&content_country=KE")
        #expect(Request(method: .get, target: "/x").rawQuery == nil)
    }

    @Test func reducesAbsoluteFormTargetsToPathAndQuery() {
        #expect(
            Request(method: .get, target: "http://example.com:9200/idx/_doc/1?x=y").target
                == "/idx/_doc/1?x=y")
        #expect(Request(method: .get, target: "http://example.com").path == "/")
        #expect(Request(method: .get, target: "http://example.com?a=b").target == "/?a=b")
    }

    @Test func decodesPathSegmentsIgnoringEmptyOnes() {
        let request = Request(method: .get, target: "/assets//a%2Fb/caf%C3%A9/")
        #expect(request.pathSegments == ["assets", "a/b", "café"])
    }

    @Test func buildsTargetsFromQueryItems() {
        let request = Request(method: .get, path: "/x", query: ["id[]": "a b"])
        #expect(request.target == "/x?id%5B%5D=a%20b")
        #expect(request.query.values("id") == ["a b"])
    }

    @Test func decidesKeepAliveFromVersionAndConnectionHeader() {
        #expect(Request(method: .get, target: "/").wantsKeepAlive)
        #expect(!Request(method: .get, target: "/", headers: ["Connection": "close"]).wantsKeepAlive)
        #expect(!Request(method: .get, target: "/", version: .http1_0).wantsKeepAlive)
        #expect(
            Request(method: .get, target: "/", headers: ["Connection": "Keep-Alive"], version: .http1_0)
                .wantsKeepAlive)
    }

    private struct Asset: Codable, Equatable {
        var uuid: String
        var count: Int
    }

    @Test func decodesJSONBodiesAndTurnsBadOnesInto400() throws {
        let good = Request(method: .post, target: "/", body: Data(#"{"uuid":"a","count":2}"#.utf8))
        #expect(try good.decodeJSON(as: Asset.self) == Asset(uuid: "a", count: 2))

        func failure(_ body: String) -> HTTPError? {
            do {
                _ = try Request(method: .post, target: "/", body: Data(body.utf8)).decodeJSON(as: Asset.self)
                return nil
            } catch {
                return error as? HTTPError
            }
        }
        #expect(failure("")?.message == "request body is empty; send a JSON document")
        #expect(
            failure(#"{"uuid":"a"}"#)?.message == "invalid json body: missing key 'count' in the document")
        #expect(
            failure(#"{"uuid":"a","count":"x"}"#)?.message == "invalid json body: expected Int at 'count'")
        #expect(failure("{nope")?.status == .badRequest)
    }
}
