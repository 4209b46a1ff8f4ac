extension MetricAggregation {
    /// Reads `precision_threshold`, `format`, `field` and `missing`.
    init(_ metric: Metric, reading reader: inout JSONObjectReader, wording: ErrorWording) throws {
        let precisionThreshold = try reader.int("precision_threshold")
        let format = reader.value("format")
        self.init(
            metric, field: try reader.aggregatedField(wording), missing: reader.value("missing"),
            precisionThreshold: precisionThreshold, format: format)
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field)]
        members["missing"] = missing
        members["precision_threshold"] = precisionThreshold.map(JSONValue.int)
        members["format"] = format
        return .object(members)
    }
}

extension TopHitsAggregation {
    /// Reads `sort`, `size`, `from` and `_source`.
    init(reading reader: inout JSONObjectReader) throws {
        let sort = try reader.value("sort").map(SortField.list(json:)) ?? []
        self.init(
            size: try reader.int("size"), from: try reader.int("from"), sort: sort,
            source: try reader.value("_source").map(SourceFilter.init(json:)))
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        members["size"] = size.map(JSONValue.int)
        members["from"] = from.map(JSONValue.int)
        if !sort.isEmpty { members["sort"] = .array(sort.map(\.json)) }
        members["_source"] = source?.json
        return .object(members)
    }
}
