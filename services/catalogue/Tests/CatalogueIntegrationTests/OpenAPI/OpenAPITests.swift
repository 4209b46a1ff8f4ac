import Catalogue
import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

/// `/openapi.json` is the document every integration-test response is checked against
/// (`CatalogueClient.send`), and the checker finds what it must.
@Suite struct OpenAPITests {
    @Test(.useData())
    func theDocumentIsServedAndDescribesEveryRoute() async throws {
        let response = try await anonymousClient.get("/openapi.json")
        #expect(response.status == .ok)
        let served = try JSONValue(parsing: response.body)
        // The territories served name the values `content_country` takes.
        let territories = try JSONValue(parsing: try await anonymousClient.get("/catalogue/territories").body)
        let codes = territories.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.count > 1)
        #expect(served == CatalogueOpenAPI.document(territories: codes))
        #expect(
            served["components"]?["parameters"]?["content_country"]?["schema"]?["enum"]
                == .array(codes.sorted().map { .string($0) }))
        #expect(served["openapi"] == "3.1.0")
        let paths = Set(served["paths"]?.objectValue?.keys.map { $0 } ?? [])
        let routes = Set(CatalogueApp.routes.map { $0 }).union(["/catalogue/asset/{uuid}"])
        #expect(paths == routes)
    }

    @Test func theValidatorFindsUndocumentedMembersWrongTypesAndMissingHeaders() throws {
        let validator = CatalogueClient.validator
        let good = Response(
            status: .ok,
            headers: [
                "Content-Type": "application/json", "ETag": "\"0\"", "Cache-Control": "public", "Vary": "x",
                "X-Request-Id": "1",
            ],
            body: Data(#"[{"code":"KE","name":"Kenya","is_main":true}]"#.utf8))
        #expect(validator.problems(method: .get, path: "/catalogue/territories", response: good).isEmpty)
        var extra = good
        extra.body = Data(#"[{"code":"KE","name":"Kenya","is_main":"yes","flag":"x"}]"#.utf8)
        #expect(
            validator.problems(method: .get, path: "/catalogue/territories", response: extra) == [
                "GET /catalogue/territories 200 body[0]: member 'flag' is not documented",
                "GET /catalogue/territories 200 body[0].is_main: a string where the document says boolean",
            ])
        var unavailable = Response(
            status: .serviceUnavailable, headers: ["Content-Type": "application/json", "X-Request-Id": "1"],
            body: Data(#"{"error":{"message":"down"}}"#.utf8))
        #expect(
            validator.problems(method: .get, path: "/catalogue/asset/u1", response: unavailable) == [
                "GET /catalogue/asset/{uuid} 503: header 'Retry-After' is missing"
            ])
        unavailable.status = HTTPStatus(code: 418)
        #expect(
            validator.problems(method: .get, path: "/catalogue/promos", response: unavailable) == [
                "GET /catalogue/promos 418: the status is not documented"
            ])
        #expect(
            validator.problems(method: .get, path: "/nope", response: good) == [
                "path '/nope' is not documented"
            ])
    }
}
