import ESModels

extension CatalogueOpenAPI {
    /// The promoted rows' paths: the home screen and one row.
    static var rowPaths: [String: JSONValue] {
        [
            "/catalogue/rows": content(
                "The home screen: the rows showing now for this client, by position, each with its first items; rows with nothing to show are left out.",
                parameters: [
                    ref("content_country"),
                    query(
                        "items", "Items per row (default 20, at most 50).",
                        schema: integer(from: 1, to: RowsParameters.maximumItems)),
                ], schema: schemaRef("RowList"), notFound: false,
                links: ["firstRow": link("getRow", "slug", from: "/rows/0/slug")]),
            "/catalogue/rows/{slug}": content(
                "One row showing now for this client, its items paged; 404 when it is not showing (or has nothing to show).",
                parameters: [
                    path("slug"),
                    ref("content_country"), ref("start"), ref("num"),
                ], schema: schemaRef("RowPage"), notFound: true),
        ]
    }

    /// The promoted rows' schemas; a row's items are assets (curated and query rows) or events
    /// (`live_events` rows).
    static var rowSchemas: [String: JSONValue] {
        let members: [String: JSONValue] = [
            "items": ["type": "array", "items": ["oneOf": [schemaRef("Asset"), schemaRef("Event")]]],
            "kind": [
                "type": "string", "enum": .array(PromotedRow.Kind.allCases.map { .string($0.rawValue) }),
            ],
            "position": integer, "slug": string, "title": string, "title_language": nullableString,
        ]
        return [
            "Row": object(required: members),
            "RowList": object(required: [
                "count": integer, "rows": ["type": "array", "items": schemaRef("Row")],
            ]),
            "RowPage": object(
                required: members.merging(["count": integer, "start": integer, "num": integer]) { first, _ in
                    first
                }),
        ]
    }
}
