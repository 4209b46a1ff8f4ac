import ESModels

/// The schemas of the parameters: each states what the server accepts, so that a client
/// generated from the document (or a fuzzer such as schemathesis) sends nothing the server
/// refuses. The server is more lenient than the schemas in one direction only: it also accepts
/// any case and spaces around values; everything a schema allows, it accepts.
extension CatalogueOpenAPI {
    /// An id: a uuid, slug or code.
    static let identifierPattern = "[A-Za-z0-9._:-]{1,128}"

    static let identifier: JSONValue = [
        "type": "string", "pattern": .string("^\(identifierPattern)$"),
    ]

    /// A comma list of ids; `maximum` of them at most.
    static func identifierList(maximum: Int? = nil) -> JSONValue {
        let repeats = maximum.map { "{0,\($0 - 1)}" } ?? "*"
        return [
            "type": "string", "pattern": .string("^\(identifierPattern)(,\(identifierPattern))\(repeats)$"),
        ]
    }

    /// One of `values`.
    static func choice(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    /// A comma list of `values`.
    static func choiceList(_ values: [String]) -> JSONValue {
        let one = "(" + values.map(regexEscaped).joined(separator: "|") + ")"
        return ["type": "string", "pattern": .string("^\(one)(,\(one))*$")]
    }

    static func integer(from minimum: Int, to maximum: Int) -> JSONValue {
        ["type": "integer", "minimum": .int(minimum), "maximum": .int(maximum)]
    }

    /// Every language code `lang` and `language` accept: ISO 639-2/T and /B, and ISO 639-1.
    static var languageCodes: [String] {
        let table = LanguageCode.table
        return (table.map(\.0) + LanguageCode.terminologicByBibliographic.keys + table.map(\.1)).sorted()
    }

    /// A country code: one of `territories` when the served ones are known, else two letters.
    static func country(_ territories: [String]?) -> JSONValue {
        guard let territories else { return ["type": "string", "pattern": "^[A-Za-z]{2}$"] }
        return choice(territories.sorted())
    }

    /// An ISO 8601 date-time (a date alone is accepted too).
    static let instant: JSONValue = ["type": "string", "format": "date-time"]

    /// The search words: 2 to 200 characters (Unicode scalars), not starting or ending with a
    /// space.
    static let searchText: JSONValue = [
        "type": "string", "minLength": .int(SearchParameters.minimumLength),
        "maxLength": .int(SearchParameters.maximumLength), "pattern": "^\\S(.*\\S)?$",
    ]

    /// A page cursor: the `next` of a page, unchanged.
    static let cursor: JSONValue = [
        "type": "string", "maxLength": .int(PageCursor.maximumTokenLength),
        "pattern": "^([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)?$",
    ]

    static func regexEscaped(_ text: String) -> String {
        text.map { ".^$*+?()[]{}|\\/".contains($0) ? "\\\($0)" : String($0) }.joined()
    }

    static func query(
        _ name: String, _ description: String, schema: JSONValue, required: Bool = false
    ) -> JSONValue {
        [
            "name": .string(name), "in": "query", "required": .bool(required),
            "description": .string(description), "schema": schema,
        ]
    }

    static func header(_ name: String, _ description: String, schema: JSONValue) -> JSONValue {
        [
            "name": .string(name), "in": "header", "required": false, "description": .string(description),
            "schema": schema,
        ]
    }

    static func path(_ name: String) -> JSONValue {
        ["name": .string(name), "in": "path", "required": true, "schema": identifier]
    }

    /// The parameters every operation under `/catalogue` shares (``components/parameters``).
    static func sharedParameters(territories: [String]?) -> [String: JSONValue] {
        [
            "content_country": query(
                "content_country",
                territories == nil
                    ? "A territory code (KE): only what is licensed now there."
                    : "A territory code (KE): only what is licensed now there; one of the territories served when this document was read (`/catalogue/territories`).",
                schema: country(territories)),
            "start": query(
                "start",
                "The first hit (default 0; start + num at most \(Paging.resultWindow), so at most \(Paging.resultWindow - Paging.maximumSize) here whatever num is).",
                schema: integer(from: 0, to: Paging.resultWindow - Paging.maximumSize)),
            "cursor": query(
                "cursor",
                "The `next` of the page before, unchanged, with the same other parameters: the page after it (not with `start`; past the 10,000th hit too). A cursor that was edited, or sent with other parameters, is a 400; an empty one is the first page.",
                schema: cursor),
            "num": query(
                "num", "Hits per page (default 20, at most 100; 50 for events).",
                schema: integer(from: 1, to: Paging.maximumSize)),
        ]
    }

    static let clientHeaders: [JSONValue] = [
        header(
            "Catalogue-Client", "website (default), android, ios or tv, any case; at most once.",
            schema: choice(ClientPlatform.allCases.map(\.rawValue))),
        header(
            "Catalogue-Api-Major",
            "An integer from \(APIVersion.oldestSupported.major) to \(APIVersion.current.major) (default \(APIVersion.current.major)); at most once.",
            schema: integer(from: APIVersion.oldestSupported.major, to: APIVersion.current.major)),
        header(
            "If-None-Match", "An ETag of an earlier answer: 304 when it still holds.",
            schema: ["type": "string"]),
        header(
            "X-Request-ID",
            "The request's id (1 to 128 visible characters), echoed in X-Request-Id; another value is replaced by one the server makes.",
            schema: ["type": "string", "pattern": "^[!-~]{1,128}$"]),
        query(
            "lang", "ISO 639-2 or 639-1 language of titles and descriptions (default eng), any case.",
            schema: choice(languageCodes)),
    ]
}
