/// The JSON kind a mapping parameter takes, for validation and normalization.
enum MappingParameterKind: Sendable {
    case bool
    case int
    case number
    case string
    /// A string or an array of strings (`copy_to`).
    case strings
    case object
    /// Any JSON value (`null_value`, `script`).
    case any

    /// Checks `value` and returns it in normal form (`"true"` becomes `true`, `"256"`
    /// becomes `256`, numbers of a `number` parameter become doubles), or `nil` when it
    /// does not fit.
    func normalize(_ value: JSONValue) -> JSONValue? {
        switch (self, value) {
        case (.any, _): value
        case (.bool, .bool): value
        case (.bool, .string("true")): .bool(true)
        case (.bool, .string("false")): .bool(false)
        case (.int, _):
            value.intValue.map(JSONValue.int) ?? value.stringValue.flatMap { Int($0) }.map(JSONValue.int)
        case (.number, _):
            value.doubleValue.map(JSONValue.double)
                ?? value.stringValue.flatMap { Double($0) }.map(JSONValue.double)
        case (.string, .string): value
        case (.strings, .string): value
        case (.strings, .array(let elements)) where elements.allSatisfy({ $0.stringValue != nil }): value
        case (.object, .object): value
        default: nil
        }
    }

    var expectation: String {
        switch self {
        case .bool: "a boolean"
        case .int: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .strings: "a string or an array of strings"
        case .object: "an object"
        case .any: "a value"
        }
    }
}

extension FieldType {
    /// The parameters Elasticsearch accepts on a field of this type, other than `type`,
    /// `fields`, `properties` and `dynamic`, which the model holds separately.
    var allowedParameters: [String: MappingParameterKind] {
        switch self {
        case .keyword:
            Self.leafParameters.merging(
                [
                    "ignore_above": .int, "eager_global_ordinals": .bool, "index_options": .string,
                    "norms": .bool,
                    "normalizer": .string, "split_queries_on_whitespace": .bool, "similarity": .string,
                    "time_series_dimension": .bool,
                ], uniquingKeysWith: { $1 })
        case .text:
            [
                "analyzer": .string, "search_analyzer": .string, "search_quote_analyzer": .string,
                "eager_global_ordinals": .bool, "fielddata": .bool, "fielddata_frequency_filter": .object,
                "index_options": .string, "index_prefixes": .object, "index_phrases": .bool, "norms": .bool,
                "position_increment_gap": .int, "similarity": .string, "term_vector": .string,
                "boost": .number,
                "copy_to": .strings, "index": .bool, "store": .bool, "meta": .object,
            ]
        case .date:
            Self.leafParameters.merging(
                ["format": .string, "locale": .string, "ignore_malformed": .bool], uniquingKeysWith: { $1 })
        case .boolean:
            Self.leafParameters
        case .integer, .long, .float, .double:
            Self.leafParameters.merging(
                [
                    "coerce": .bool, "ignore_malformed": .bool, "time_series_dimension": .bool,
                    "time_series_metric": .string,
                ], uniquingKeysWith: { $1 })
        case .object:
            ["enabled": .bool, "subobjects": .bool]
        case .nested:
            ["include_in_parent": .bool, "include_in_root": .bool]
        case .binary:
            ["doc_values": .bool, "store": .bool, "meta": .object]
        case .rankFeature, .rankFeatures:
            ["positive_score_impact": .bool, "meta": .object]
        case .denseVector:
            [
                "dims": .int, "index": .bool, "similarity": .string, "index_options": .object,
                "element_type": .string, "meta": .object,
            ]
        }
    }

    private static let leafParameters: [String: MappingParameterKind] = [
        "boost": .number, "copy_to": .strings, "doc_values": .bool, "index": .bool, "store": .bool,
        "meta": .object, "null_value": .any, "script": .any, "on_script_error": .string,
    ]

    /// Parameters that Elasticsearch lets a put-mapping change on an existing field; a
    /// change to any other parameter needs a new index.
    static let updatableParameters: Set<String> = [
        "ignore_above", "meta", "search_analyzer", "search_quote_analyzer", "ignore_malformed",
        "eager_global_ordinals", "fielddata", "coerce", "dynamic",
    ]
}
