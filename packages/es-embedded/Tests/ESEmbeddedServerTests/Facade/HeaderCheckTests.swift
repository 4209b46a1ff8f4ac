import HTTPKit
import Testing

@testable import ESEmbeddedServer

/// The per-request header checks read bytes; they decide as the string-based checks they
/// replaced did (media type before `;`, trimmed, any case; non-ASCII values on the general path).
@Suite struct HeaderCheckTests {
    @Test(arguments: [
        ("application/json", true), ("application/x-ndjson", true), ("Application/JSON", true),
        ("application/json; charset=UTF-8", true), (" application/json ;charset=utf-8", true),
        ("\tapplication/vnd.elasticsearch+json; compatible-with=8", true),
        ("APPLICATION/VND.ELASTICSEARCH+X-NDJSON", true), (";application/json", true),
        (";;application/json;", true), ("  ;application/json", false), ("", false), (";", false),
        ("application/jsonx", false), ("application/jso", false), ("text/plain", false),
        ("application/x-www-form-urlencoded", false), ("application/json\u{00A0}", true),
        ("applicatión/json", false), ("application/json,text/plain", false),
    ])
    func mediaTypes(declared: String, accepted: Bool) {
        #expect(Request.acceptsMediaType(of: declared) == accepted)
    }

    @Test(arguments: [
        ("application/vnd.elasticsearch+json; compatible-with=8", 8 as Int?),
        ("Application/VND.Elasticsearch+JSON;Compatible-With=9", 9),
        ("application/vnd.elasticsearch+json;compatible-with=17x", 17),
        ("application/vnd.elasticsearch+json", nil), ("application/json; compatible-with=8", nil),
        ("application/vnd.elasticsearch+json; compatible-with=", nil), ("", nil),
        ("application/vnd.elasticsearch+json; compatible-with=7 é", 7),
        ("application/vnd.elasticsearch+json; compatible-with=99999999999999999999", nil),
    ])
    func compatibleVersions(header: String, version: Int?) {
        #expect(CompatibilityMiddleware.compatibleVersion(header) == version)
    }
}
