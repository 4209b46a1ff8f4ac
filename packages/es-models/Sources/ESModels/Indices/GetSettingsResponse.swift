/// The answer of get-settings: each concrete index (aliases resolved) with its settings.
///
/// JSON: `{"assetflat-v2": {"settings": {"index": {"number_of_shards": "1", ...}}}}`.
/// Elasticsearch returns every value as a string and adds settings of its own
/// (`index.uuid`, `index.creation_date`, `index.provided_name`, `index.version.created`).
public struct GetSettingsResponse: Sendable, Equatable {
    /// Settings by concrete index name.
    public var settings: [String: IndexSettings]

    /// Creates a response.
    public init(settings: [String: IndexSettings]) {
        self.settings = settings
    }

    /// The settings of a concrete index.
    public subscript(index: String) -> IndexSettings? { settings[index] }
}

extension GetSettingsResponse: JSONConvertible {
    public init(json: JSONValue) throws {
        guard case .object(let indices) = json else {
            throw ElasticsearchError.xContentParse(
                "[get_settings_response] expected an object, found [\(json.tokenName)]")
        }
        self.init(settings: try indices.mapValues { try IndexSettings(json: $0["settings"] ?? .object([:])) })
    }

    public var json: JSONValue {
        .object(settings.mapValues { ["settings": $0.json] })
    }
}
