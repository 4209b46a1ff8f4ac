extension BulkResponse: JSONConvertible {
    /// Decodes `{"took": 30, "errors": false, "items": [{"index": {...}}, ...]}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "bulk_response")
        let items = try (reader.value("items")?.arrayValue ?? []).map(BulkItemResult.init(json:))
        self.init(took: try reader.int("took") ?? 0, items: items)
        if let errors = try reader.bool("errors") { self.errors = errors }
    }

    public var json: JSONValue {
        ["took": .int(took), "errors": .bool(errors), "items": .array(items.map(\.json))]
    }
}
