import ESModels

extension CatalogueOpenAPI {
    /// A closed object: `required` members always present, `optional` ones sometimes.
    static func object(required: [String: JSONValue], optional: [String: JSONValue] = [:]) -> JSONValue {
        [
            "type": "object", "additionalProperties": false,
            "required": .array(required.keys.sorted().map { .string($0) }),
            "properties": .object(required.merging(optional) { first, _ in first }),
        ]
    }

    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let dateTime: JSONValue = ["type": "string", "format": "date-time"]
    static let strings: JSONValue = ["type": "array", "items": ["type": "string"]]
    static let nullableString: JSONValue = ["type": ["string", "null"]]

    static var schemas: [String: JSONValue] {
        [
            "Asset": object(
                required: [
                    "categories": strings, "created_at": dateTime, "languages": strings, "ratings": strings,
                    "type": ["type": "string", "enum": ["movie", "episode", "tv_series", "sport_event"]],
                    "updated_at": dateTime, "uuid": string,
                ],
                optional: [
                    "available_from": dateTime, "available_until": dateTime, "description": string,
                    "episode_number": integer, "is_downloadable": boolean, "license_type": string,
                    "season_number": integer, "season_uuid": string, "series_uuid": string,
                    "subscription_statuses": strings, "title": string, "title_language": nullableString,
                    "highlight": string,
                ]),
            "AssetList": object(required: [
                "count": integer, "items": ["type": "array", "items": schemaRef("Asset")],
            ]),
            "AssetPage": object(
                required: [
                    "count": integer, "start": integer, "num": integer,
                    "items": ["type": "array", "items": schemaRef("Asset")],
                ], optional: ["next": string, "facets": schemaRef("Facets")]),
            "Facets": object(
                required: [:],
                optional: [
                    "category": ["type": "array", "items": schemaRef("CategoryFacetValue")],
                    "language": ["type": "array", "items": schemaRef("FacetValue")],
                    "type": ["type": "array", "items": schemaRef("FacetValue")],
                ]),
            "FacetValue": object(required: ["count": integer, "value": string]),
            "CategoryFacetValue": object(required: [
                "count": integer, "title": nullableString, "value": string,
            ]),
            "Promo": object(required: [
                "end": dateTime, "priority": integer, "promo_type": string, "start": dateTime,
                "title": string,
                "uuid": string,
            ]),
            "Event": object(required: [
                "competition": string, "end": dateTime, "is_live": boolean, "sport": string,
                "start": dateTime,
                "teams": strings, "uuid": string,
            ]),
            "EventPage": object(
                required: [
                    "count": integer, "start": integer, "num": integer,
                    "items": ["type": "array", "items": schemaRef("Event")],
                ], optional: ["next": string]),
            "Territory": object(required: ["code": string, "name": string, "is_main": boolean]),
            "Language": object(required: [
                "code": string, "iso_639_1": string, "name": string, "is_main": boolean,
            ]),
            "Category": object(required: [
                "uuid": string, "slug": string, "title": string, "title_language": nullableString,
                "parent_uuid": nullableString,
            ]),
            "Rating": object(required: [
                "uuid": string, "system": string, "code": string, "minimum_age": integer, "is_main": boolean,
                "territories": strings,
            ]),
            "Error": object(required: ["error": object(required: ["message": string])]),
            "Live": object(required: ["status": ["type": "string", "enum": ["live"]]]),
            "Ready": object(required: ["status": ["type": "string", "enum": ["ok"]]]),
            "NotReady": object(required: [
                "status": ["type": "string", "enum": ["not_ready"]], "reasons": strings,
                "breaker": ["type": "string", "enum": ["closed", "open", "half_open"]],
            ]),
        ]
    }
}
