import HTTPKit
import Testing

@Suite struct HTTPStatusAndMethodTests {
    @Test func statusesCarryStandardReasonPhrasesAndCompareByCode() {
        #expect(HTTPStatus.notFound.description == "404 Not Found")
        #expect(HTTPStatus.requestHeaderFieldsTooLarge.reasonPhrase == "Request Header Fields Too Large")
        #expect(HTTPStatus(code: 404, reasonPhrase: "Nope") == .notFound)
        let literal: HTTPStatus = 413
        #expect(literal.reasonPhrase == "Content Too Large")
        #expect(HTTPStatus(code: 299).reasonPhrase == "Unknown")
        #expect(HTTPStatus.noContent.forbidsBody && HTTPStatus.notModified.forbidsBody)
        #expect(!HTTPStatus.ok.forbidsBody)
        #expect(HTTPStatus.badGateway.isServerError && HTTPStatus.conflict.isClientError)
    }

    @Test func methodsAreValidatedTokens() {
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "PROPFIND")?.rawValue == "PROPFIND")
        #expect(HTTPMethod(rawValue: "") == nil)
        #expect(HTTPMethod(rawValue: "GE T") == nil)
        #expect(HTTPMethod(rawValue: "get") != .get)
    }
}
