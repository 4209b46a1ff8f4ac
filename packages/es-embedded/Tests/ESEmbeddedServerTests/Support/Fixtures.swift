import ESModels
import Foundation

/// A small catalogue index: the fields our services query, with a nested field.
let catalogueMapping = Mapping(dynamic: .strict) {
    Property.keyword("uuid")
    Property.keyword("type")
    Property.text("title") { Property.keyword("raw") }
    Property.integer("year")
    Property.float("rating")
    Property.boolean("featured")
    Property.date("published")
    Property.keyword("categories")
    Property.object("titles", dynamic: .true) {}
    Property.nested("windows") {
        Property.keyword("countries")
        Property.date("start")
        Property.date("end")
        Property.keyword("type")
    }
}

/// Creates `index` with `mapping` and indexes `documents` (keyed by id), refreshed.
func seed(
    _ backend: any SearchBackend, index: String = "catalogue", mapping: Mapping = catalogueMapping,
    settings: IndexSettings = IndexSettings(), _ documents: [(String, JSONValue)]
) async throws {
    _ = try await backend.createIndex(
        index, definition: IndexDefinition(settings: settings, mappings: mapping))
    guard !documents.isEmpty else { return }
    let response = try await backend.bulk(
        BulkRequest(documents.map { .index(index: index, id: $0.0, document: $0.1) }, refresh: .immediate))
    if response.errors {
        throw TestSetupError(
            description: "seeding failed: \(response.failures.map { $0.error?.reason ?? "" })")
    }
}

/// Five catalogue documents with varied values (and gaps) for queries and sorts.
let catalogueDocuments: [(String, JSONValue)] = [
    (
        "a1",
        [
            "uuid": "a1", "type": "movie", "title": "Heat", "year": 1995, "rating": 8.3, "featured": true,
            "published": "2024-03-14T08:00:00Z", "categories": ["crime", "drama"],
            "windows": [
                ["countries": ["KE", "ZA"], "start": "2024-01-01", "end": "2024-12-31", "type": "SVOD"],
                ["countries": ["NG"], "start": "2025-01-01", "end": "2025-12-31", "type": "AVOD"],
            ],
        ]
    ),
    (
        "a2",
        [
            "uuid": "a2", "type": "movie", "title": "The Heat of the Night", "year": 1967, "rating": 7.9,
            "featured": false, "published": "2024-03-15T01:00:00Z", "categories": ["drama"],
            "windows": [["countries": ["NG"], "start": "2024-01-01", "end": "2024-12-31", "type": "SVOD"]],
        ]
    ),
    (
        "a3",
        [
            "uuid": "a3", "type": "episode", "title": "Cold Case", "year": 2003, "published": "2023-12-01",
            "categories": [], "windows": [],
        ]
    ),
    (
        "a4",
        [
            "uuid": "a4", "type": "tv_series", "title": "Night Shift", "rating": 6.5, "featured": true,
            "published": "2024-03-16T00:00:00Z",
        ]
    ),
    (
        "a5",
        [
            "uuid": "a5", "type": "sport_event", "title": "Final: Heat vs Celtics", "year": 2024,
            "rating": 9.1,
            "featured": false,
            "windows": [["countries": ["KE"], "start": "2024-03-01", "end": "2024-03-31", "type": "TVOD"]],
        ]
    ),
]
