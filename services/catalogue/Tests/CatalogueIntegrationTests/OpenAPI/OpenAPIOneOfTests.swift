import Catalogue
import ESModels
import Foundation
import HTTPKit
import Testing

/// A row's items are assets or events: `oneOf` in the document, and the validator holds every
/// item to exactly one of them.
@Suite struct OpenAPIOneOfTests {
    let validator = OpenAPIValidator(document: CatalogueOpenAPI.document)

    func problems(_ items: String) -> [String] {
        let response = Response(
            status: .ok,
            headers: [
                "Content-Type": "application/json", "ETag": "\"0\"", "Cache-Control": "public", "Vary": "x",
                "X-Request-Id": "1",
            ],
            body: Data(
                #"{"count":1,"rows":[{"items":\#(items),"kind":"live_events","position":1,"slug":"live","title":"Live","title_language":"eng"}]}"#
                    .utf8))
        return validator.problems(method: .get, path: "/catalogue/rows", response: response)
    }

    @Test func anEventOrAnAssetIsOneOfTheItemSchemas() {
        let event =
            #"{"competition":"KPL","end":"2025-06-01T14:00:00Z","is_live":true,"sport":"football","start":"2025-06-01T12:00:00Z","teams":[],"uuid":"e1"}"#
        let asset =
            #"{"categories":[],"created_at":"2025-06-01T12:00:00Z","languages":[],"ratings":[],"type":"movie","updated_at":"2025-06-01T12:00:00Z","uuid":"a1"}"#
        #expect(problems("[\(event),\(asset)]").isEmpty)
    }

    @Test func anItemThatIsNeitherIsAProblem() {
        #expect(
            problems(#"[{"uuid":"x","flag":true}]"#) == [
                "GET /catalogue/rows 200 body.rows[0].items[0]: matches 0 of the 2 schemas of 'oneOf', not one"
            ])
    }
}
