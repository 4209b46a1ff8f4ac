import ESModels

/// The OpenAPI 3.1 document of the Catalogue API, served at `/openapi.json`.
///
/// Every endpoint, header, parameter, response and error is here; the integration tests check
/// every response they receive against it (``OpenAPIValidator``), so it cannot drift from what
/// the code answers: objects are closed (`additionalProperties: false`), so a new field fails a
/// test until it is documented.
public enum CatalogueOpenAPI {
    /// The document, with `content_country` as any two letters.
    public static let document: JSONValue = document(territories: nil)

    /// The document; with `territories` (the codes served), `content_country` and `territory`
    /// name them, which is what `/openapi.json` serves when the store answers.
    public static func document(territories: [String]?) -> JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Catalogue API", "version": .string("\(APIVersion.current.major)"),
                "description":
                    "Movies, series, sports events, promos and promoted rows for every client platform and API version.",
            ],
            "paths": .object(
                identified(paths(territories: territories).merging(rowPaths) { first, _ in first })),
            "components": [
                "schemas": .object(schemas.merging(rowSchemas) { first, _ in first }),
                "parameters": .object(sharedParameters(territories: territories)),
                "responses": .object(errorResponses),
            ],
        ]
    }

    // MARK: - Paths

    /// Each path's operation id: what a generated client names the call.
    static let operationIDs: [String: String] = [
        "/catalogue/by_id": "getAssetsByID", "/catalogue/asset/{uuid}": "getAsset",
        "/catalogue/assets": "listAssets", "/catalogue/search": "searchAssets",
        "/catalogue/promos": "listPromos", "/catalogue/events": "listEvents",
        "/catalogue/territories": "listTerritories", "/catalogue/languages": "listLanguages",
        "/catalogue/categories": "listCategories", "/catalogue/ratings": "listRatings",
        "/catalogue/rows": "getHomeScreen", "/catalogue/rows/{slug}": "getRow", "/health/live": "getLiveness",
        "/health/ready": "getReadiness", "/health": "getHealth", "/metrics": "getMetrics",
        "/openapi.json": "getOpenAPIDocument",
    ]

    /// `paths` with each GET's `operationId`.
    static func identified(_ paths: [String: JSONValue]) -> [String: JSONValue] {
        paths.reduce(into: [:]) { result, entry in
            guard let id = operationIDs[entry.key], case .object(var item) = entry.value,
                case .object(var get)? = item["get"]
            else {
                result[entry.key] = entry.value
                return
            }
            get["operationId"] = .string(id)
            item["get"] = .object(get)
            result[entry.key] = .object(item)
        }
    }

    /// A link to the operation `id` with `parameter` taken from the answer at `pointer`.
    static func link(_ id: String, _ parameter: String, from pointer: String) -> JSONValue {
        [
            "operationId": .string(id),
            "parameters": .object([parameter: .string("$response.body#\(pointer)")]),
        ]
    }

    static func paths(territories: [String]?) -> [String: JSONValue] {
        let types = choiceList(AssetFlat.AssetType.allCases.map(\.rawValue))
        return [
            "/catalogue/by_id": content(
                "The requested assets available now, in request order.",
                parameters: [
                    query(
                        "id[]", "Asset uuids separated by commas (also `id`, repeatable); at most 100.",
                        schema: identifierList(maximum: ByIDParameters.maximumIDs), required: true),
                    ref("content_country"),
                ], schema: schemaRef("AssetList"), notFound: false),
            "/catalogue/asset/{uuid}": content(
                "One asset available now, or 404.",
                parameters: [
                    path("uuid"),
                    ref("content_country"),
                ], schema: schemaRef("Asset"), notFound: true),
            "/catalogue/assets": content(
                "A page of available assets, with the total.",
                parameters: [
                    query("type", "movie, episode, tv_series, sport_event; a comma list.", schema: types),
                    query("category", "Category uuids; a comma list.", schema: identifierList()),
                    query(
                        "language", "One available audio or subtitle language (ISO 639-2 or 639-1).",
                        schema: choice(languageCodes)),
                    query(
                        "series", "One series uuid: its episodes, by season then episode number.",
                        schema: identifier),
                    ref("content_country"), ref("start"), ref("cursor"), ref("num"),
                    query(
                        "sort",
                        "-created_at (default; episode with series), created_at, -updated_at, updated_at, title, -title, episode.",
                        schema: choice(AssetSort.allCases.map(\.rawValue))),
                    query(
                        "facets",
                        "category, language, type; a comma list: the counts of their values over the listing, in `facets`.",
                        schema: choiceList(Facet.allCases.map(\.rawValue))),
                ], schema: schemaRef("AssetPage"), notFound: false,
                links: ["firstAsset": link("getAsset", "uuid", from: "/items/0/uuid")]),
            "/catalogue/search": content(
                "Assets whose title in the client's language or English starts with the words of `q` (the last one as a prefix, a typo allowed in words of 5 letters or more), exact titles first, then by relevance and recency, paged, the matching words highlighted.",
                parameters: [
                    query("q", "The words (2 to 200 characters).", schema: searchText, required: true),
                    query("type", "As for /catalogue/assets.", schema: types),
                    ref("content_country"), ref("start"), ref("cursor"), ref("num"),
                ], schema: schemaRef("AssetPage"), notFound: false,
                links: ["firstAsset": link("getAsset", "uuid", from: "/items/0/uuid")]),
            "/catalogue/promos": content(
                "Promos showing now, highest priority first.", parameters: [ref("content_country")],
                schema: ["type": "array", "items": schemaRef("Promo")], notFound: false),
            "/catalogue/events": content(
                "Sports events running in the range, by start.",
                parameters: [
                    query("from", "An ISO date or date-time (default now).", schema: instant),
                    query(
                        "to",
                        "An ISO date or date-time after `from`, at most 366 days after it (default a week after from).",
                        schema: instant),
                    query("sport", "Sports; a comma list.", schema: identifierList()),
                    query("competition", "One competition.", schema: ["type": "string"]),
                    ref("content_country"),
                    ref("start"), ref("cursor"), ["$ref": "#/components/parameters/num"],
                ], schema: schemaRef("EventPage"), notFound: false),
            "/catalogue/territories": content(
                "The territories served, by code.",
                parameters: [query("main", "true or false.", schema: boolean)],
                schema: ["type": "array", "items": schemaRef("Territory")], notFound: false),
            "/catalogue/languages": content(
                "The languages, by code.", parameters: [query("main", "true or false.", schema: boolean)],
                schema: ["type": "array", "items": schemaRef("Language")], notFound: false),
            "/catalogue/categories": content(
                "Categories by slug.",
                parameters: [
                    query("parent", "A category uuid: its children.", schema: identifier),
                    query("top_level", "true: top-level categories only.", schema: boolean),
                ],
                schema: ["type": "array", "items": schemaRef("Category")], notFound: false),
            "/catalogue/ratings": content(
                "Ratings by system, age and code.",
                parameters: [
                    query(
                        "territory", "A territory code: only ratings whose system applies there.",
                        schema: country(territories)),
                    query("system", "Rating systems; a comma list.", schema: identifierList()),
                    query("main", "true or false.", schema: boolean),
                ], schema: ["type": "array", "items": schemaRef("Rating")], notFound: false),
            "/health/live": plain("The process serves.", schema: schemaRef("Live")),
            "/health/ready": ready,
            "/health": ready,
            "/metrics": [
                "get": [
                    "summary":
                        "Prometheus text: requests, latencies, store calls and errors, the breaker's state.",
                    "responses": [
                        "200": [
                            "description": "The metrics.",
                            "content": ["text/plain": ["schema": ["type": "string"]]],
                        ]
                    ],
                ]
            ],
            "/openapi.json": plain("This document.", schema: ["type": "object"]),
        ]
    }

    static func content(
        _ summary: String, parameters: [JSONValue], schema: JSONValue, notFound: Bool,
        links: [String: JSONValue] = [:]
    ) -> JSONValue {
        var ok: JSONValue = [
            "description": "The answer.",
            "headers": [
                "ETag": ["required": true, "schema": ["type": "string"]],
                "Cache-Control": ["required": true, "schema": ["type": "string"]],
                "Vary": ["required": true, "schema": ["type": "string"]],
                "X-Request-Id": ["required": true, "schema": ["type": "string"]],
            ],
            "content": ["application/json": ["schema": schema]],
        ]
        if !links.isEmpty, case .object(var members) = ok {
            members["links"] = .object(links)
            ok = .object(members)
        }
        var responses: [String: JSONValue] = [
            "200": ok,
            "304": [
                "description": "Not modified: the If-None-Match tag still holds.",
                "headers": [
                    "ETag": ["required": true, "schema": ["type": "string"]],
                    "X-Request-Id": ["required": true, "schema": ["type": "string"]],
                ],
            ],
            "400": ["$ref": "#/components/responses/BadRequest"],
            "405": ["$ref": "#/components/responses/MethodNotAllowed"],
            "503": ["$ref": "#/components/responses/Unavailable"],
        ]
        if notFound { responses["404"] = ["$ref": "#/components/responses/NotFound"] }
        return [
            "get": [
                "summary": .string(summary), "parameters": .array(clientHeaders + parameters),
                "responses": .object(responses),
            ]
        ]
    }

    static func plain(_ summary: String, schema: JSONValue) -> JSONValue {
        [
            "get": [
                "summary": .string(summary),
                "responses": [
                    "200": [
                        "description": "The answer.", "content": ["application/json": ["schema": schema]],
                    ]
                ],
            ]
        ]
    }

    static let ready: JSONValue = [
        "get": [
            "summary":
                "Ready: the store answers within 1 s and every index exists with a mapping the catalogue can read.",
            "responses": [
                "200": [
                    "description": "Ready.", "content": ["application/json": ["schema": schemaRef("Ready")]],
                ],
                "503": [
                    "description": "Not ready, with the reasons (also logged).",
                    "headers": ["Retry-After": ["required": true, "schema": ["type": "string"]]],
                    "content": ["application/json": ["schema": schemaRef("NotReady")]],
                ],
            ],
        ]
    ]

    static func ref(_ parameter: String) -> JSONValue {
        ["$ref": .string("#/components/parameters/\(parameter)")]
    }

    static func schemaRef(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static let errorResponses: [String: JSONValue] = [
        "BadRequest": errorResponse("Bad input; the message says what is accepted.", retry: false),
        "NotFound": errorResponse("Unknown, or not available now where asked.", retry: false),
        "MethodNotAllowed": errorResponse("Every endpoint is GET.", retry: false),
        "Unavailable": errorResponse(
            "The search store cannot serve (unreachable, overloaded, too slow, breaker open, index missing or unreadable).",
            retry: true),
    ]

    static func errorResponse(_ description: String, retry: Bool) -> JSONValue {
        var headers: [String: JSONValue] = ["X-Request-Id": ["required": true, "schema": ["type": "string"]]]
        if retry { headers["Retry-After"] = ["required": true, "schema": ["type": "string"]] }
        return [
            "description": .string(description), "headers": .object(headers),
            "content": ["application/json": ["schema": schemaRef("Error")]],
        ]
    }
}
