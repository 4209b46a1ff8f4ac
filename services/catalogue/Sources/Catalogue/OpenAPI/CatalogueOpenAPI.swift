import ESModels

/// The OpenAPI 3.1 document of the Catalogue API, served at `/openapi.json`.
///
/// Every endpoint, header, parameter, response and error is here; the integration tests check
/// every response they receive against it (``OpenAPIValidator``), so it cannot drift from what
/// the code answers: objects are closed (`additionalProperties: false`), so a new field fails a
/// test until it is documented.
public enum CatalogueOpenAPI {
    /// The document.
    public static let document: JSONValue = [
        "openapi": "3.1.0",
        "info": [
            "title": "Catalogue API", "version": .string("\(APIVersion.current.major)"),
            "description":
                "Movies, series, sports events, promos and promoted rows for every client platform and API version.",
        ],
        "paths": .object(paths.merging(rowPaths) { first, _ in first }),
        "components": [
            "schemas": .object(schemas.merging(rowSchemas) { first, _ in first }),
            "parameters": .object(sharedParameters),
            "responses": .object(errorResponses),
        ],
    ]

    // MARK: - Paths

    static var paths: [String: JSONValue] {
        [
            "/catalogue/by_id": content(
                "The requested assets available now, in request order.",
                parameters: [
                    query(
                        "id[]", "Asset uuids separated by commas (also `id`, repeatable); at most 100.",
                        required: true),
                    ref("content_country"),
                ], schema: schemaRef("AssetList"), notFound: false),
            "/catalogue/asset/{uuid}": content(
                "One asset available now, or 404.",
                parameters: [
                    ["name": "uuid", "in": "path", "required": true, "schema": ["type": "string"]],
                    ref("content_country"),
                ], schema: schemaRef("Asset"), notFound: true),
            "/catalogue/assets": content(
                "A page of available assets, with the total.",
                parameters: [
                    query("type", "movie, episode, tv_series, sport_event; a comma list."),
                    query("category", "Category uuids; a comma list."),
                    query("language", "Available audio or subtitle languages; a comma list."),
                    query("series", "One series uuid: its episodes, by season then episode number."),
                    ref("content_country"), ref("start"), ref("cursor"), ref("num"),
                    query(
                        "sort",
                        "-created_at (default), created_at, -updated_at, updated_at, title, -title, episode."),
                    query(
                        "facets",
                        "category, language, type; a comma list: the counts of their values over the listing, in `facets`."
                    ),
                ], schema: schemaRef("AssetPage"), notFound: false),
            "/catalogue/search": content(
                "Assets whose title in the client's language or English starts with the words of `q` (the last one as a prefix, a typo allowed in words of 5 letters or more), exact titles first, then by relevance and recency, paged, the matching words highlighted.",
                parameters: [
                    query("q", "The words (2 to 200 characters).", required: true),
                    query("type", "As for /catalogue/assets."),
                    ref("content_country"), ref("start"), ref("cursor"), ref("num"),
                ], schema: schemaRef("AssetPage"), notFound: false),
            "/catalogue/promos": content(
                "Promos showing now, highest priority first.", parameters: [ref("content_country")],
                schema: ["type": "array", "items": schemaRef("Promo")], notFound: false),
            "/catalogue/events": content(
                "Sports events running in the range, by start.",
                parameters: [
                    query("from", "An ISO date or date-time (default now)."),
                    query("to", "An ISO date or date-time (default a week after from; at most 366 days)."),
                    query("sport", "A comma list."), query("competition", "One competition."),
                    ref("content_country"),
                    ref("start"), ref("cursor"), ["$ref": "#/components/parameters/num"],
                ], schema: schemaRef("EventPage"), notFound: false),
            "/catalogue/territories": content(
                "The territories served, by code.", parameters: [query("main", "true or false.")],
                schema: ["type": "array", "items": schemaRef("Territory")], notFound: false),
            "/catalogue/languages": content(
                "The languages, by code.", parameters: [query("main", "true or false.")],
                schema: ["type": "array", "items": schemaRef("Language")], notFound: false),
            "/catalogue/categories": content(
                "Categories by slug.",
                parameters: [
                    query("parent", "A category uuid: its children."),
                    query("top_level", "true: top-level categories only."),
                ],
                schema: ["type": "array", "items": schemaRef("Category")], notFound: false),
            "/catalogue/ratings": content(
                "Ratings by system, age and code.",
                parameters: [
                    query("territory", "A country code: only ratings whose system applies there."),
                    query("system", "A comma list."), query("main", "true or false."),
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

    static let clientHeaders: [JSONValue] = [
        [
            "name": "Catalogue-Client", "in": "header", "required": false,
            "description": "website (default), android, ios or tv, any case; at most once.",
            "schema": ["type": "string"],
        ],
        [
            "name": "Catalogue-Api-Major", "in": "header", "required": false,
            "description": .string(
                "An integer from \(APIVersion.oldestSupported.major) to \(APIVersion.current.major) (default \(APIVersion.current.major)); at most once."
            ),
            "schema": ["type": "string"],
        ],
        [
            "name": "If-None-Match", "in": "header", "required": false,
            "description": "An ETag of an earlier answer: 304 when it still holds.",
            "schema": ["type": "string"],
        ],
        [
            "name": "X-Request-ID", "in": "header", "required": false,
            "description": "The request's id (1 to 128 visible characters), echoed in X-Request-Id.",
            "schema": ["type": "string"],
        ],
        [
            "name": "lang", "in": "query", "required": false,
            "description": "ISO 639-2 or 639-1 language of titles and descriptions (default eng).",
            "schema": ["type": "string"],
        ],
    ]

    static func content(_ summary: String, parameters: [JSONValue], schema: JSONValue, notFound: Bool)
        -> JSONValue
    {
        var responses: [String: JSONValue] = [
            "200": [
                "description": "The answer.",
                "headers": [
                    "ETag": ["required": true, "schema": ["type": "string"]],
                    "Cache-Control": ["required": true, "schema": ["type": "string"]],
                    "Vary": ["required": true, "schema": ["type": "string"]],
                    "X-Request-Id": ["required": true, "schema": ["type": "string"]],
                ],
                "content": ["application/json": ["schema": schema]],
            ],
            "304": [
                "description": "Not modified: the If-None-Match tag still holds.",
                "headers": ["ETag": ["required": true, "schema": ["type": "string"]]],
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

    static func query(_ name: String, _ description: String, required: Bool = false) -> JSONValue {
        [
            "name": .string(name), "in": "query", "required": .bool(required),
            "description": .string(description), "schema": ["type": "string"],
        ]
    }

    static func ref(_ parameter: String) -> JSONValue {
        ["$ref": .string("#/components/parameters/\(parameter)")]
    }

    static func schemaRef(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static let sharedParameters: [String: JSONValue] = [
        "content_country": query(
            "content_country", "A territory code (KE): only what is licensed now there."),
        "start": query("start", "The first hit (default 0; start + num at most 10000)."),
        "cursor": query(
            "cursor",
            "The `next` of the page before, unchanged, with the same other parameters: the page after it (not with `start`; past the 10,000th hit too)."
        ),
        "num": query("num", "Hits per page (default 20, at most 100; 50 for events)."),
    ]

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
