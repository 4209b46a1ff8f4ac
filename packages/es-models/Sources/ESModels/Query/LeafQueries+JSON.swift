extension TermQuery {
    /// Decodes `{"f": "v"}` or `{"f": {"value": "v", "boost": 2, "case_insensitive": true}}`.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "term")
        guard case .object = body else {
            self.init(field: field, value: try SingleFieldQuery.scalar(body, query: "term"))
            return
        }
        var reader = try JSONObjectReader(body, name: "term")
        guard let value = reader.value("value") ?? reader.value("term") else {
            throw ElasticsearchError.parsing("[term] query requires a [value] for field [\(field)]")
        }
        self.init(
            field: field, value: try SingleFieldQuery.scalar(value, query: "term"),
            boost: try reader.double("boost"),
            caseInsensitive: try reader.bool("case_insensitive"))
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        guard boost != nil || caseInsensitive != nil else { return [field: value] }
        var body = SingleFieldQuery.withBoost(["value": value], boost)
        if let caseInsensitive { body["case_insensitive"] = .bool(caseInsensitive) }
        return [field: .object(body)]
    }
}

extension TermsQuery {
    /// Decodes `{"f": ["a", "b"], "boost": 1.0}`.
    init(json: JSONValue) throws {
        let (field, body, topLevel) = try SingleFieldQuery.field(
            of: json, query: "terms", topLevel: ["boost"])
        guard case .array(let values) = body else {
            if case .object = body {
                throw ElasticsearchError.parsing("[terms] query does not support terms lookup on [\(field)]")
            }
            throw ElasticsearchError.parsing("[terms] query does not support [\(field)]")
        }
        for value in values {
            if case .array = value {
                throw ElasticsearchError.parsing("[terms] query does not support nested arrays")
            }
            if case .object = value {
                throw ElasticsearchError.parsing("[terms] query does not support objects as terms")
            }
        }
        var reader = JSONObjectReader(members: topLevel, name: "terms")
        self.init(field: field, values: values, boost: try reader.double("boost"))
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost([field: .array(values)], boost))
    }
}

extension RangeQuery {
    /// Decodes `{"f": {"gte": 10, "lt": "now/d", "format": ..., "time_zone": ..., "boost": ...}}`,
    /// including the legacy `from`/`to`/`include_lower`/`include_upper` form.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "range")
        var reader = try JSONObjectReader(body, name: "range")
        self.init(field: field)
        gt = reader.value("gt").flatMap(Self.bound)
        gte = reader.value("gte").flatMap(Self.bound)
        lt = reader.value("lt").flatMap(Self.bound)
        lte = reader.value("lte").flatMap(Self.bound)
        let includeLower = try reader.bool("include_lower") ?? true
        let includeUpper = try reader.bool("include_upper") ?? true
        if let from = reader.value("from").flatMap(Self.bound) {
            if includeLower { gte = from } else { gt = from }
        }
        if let to = reader.value("to").flatMap(Self.bound) {
            if includeUpper { lte = to } else { lt = to }
        }
        format = try reader.string("format")
        timeZone = try reader.string("time_zone")
        if let relation = try reader.string("relation") {
            guard let parsed = Relation(rawValue: relation.uppercased()) else {
                throw ElasticsearchError.parsing("[range] query does not support relation [\(relation)]")
            }
            self.relation = parsed
        }
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    private static func bound(_ value: JSONValue) -> JSONValue? {
        value.isNull ? Optional.none : Optional.some(value)
    }

    var json: JSONValue {
        var body: [String: JSONValue] = [:]
        body["gt"] = gt
        body["gte"] = gte
        body["lt"] = lt
        body["lte"] = lte
        body["format"] = format.map(JSONValue.string)
        body["time_zone"] = timeZone.map(JSONValue.string)
        body["relation"] = relation.map { .string($0.rawValue) }
        return [field: .object(SingleFieldQuery.withBoost(body, boost))]
    }
}

extension ExistsQuery {
    /// Decodes `{"field": "f"}`.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "exists")
        guard let field = try reader.string("field") else {
            throw ElasticsearchError.parsing("[exists] must be provided with a [field]")
        }
        self.init(field: field, boost: try reader.double("boost"))
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost(["field": .string(field)], boost))
    }
}

extension IdsQuery {
    /// Decodes `{"values": ["1", "2"]}` (numbers are accepted as ids, as Elasticsearch does).
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "ids")
        var ids: [String] = []
        if let values = reader.value("values") {
            guard case .array(let elements) = values else {
                throw reader.mistyped("values", expected: "an array", found: values)
            }
            ids = try elements.map { element in
                switch element {
                case .string(let text): return text
                case .int, .double: return element.compactString
                default: throw reader.mistyped("values", expected: "an array of ids", found: element)
                }
            }
        }
        self.init(values: ids, boost: try reader.double("boost"))
        try reader.rejectUnknownFields()
    }

    var json: JSONValue {
        .object(SingleFieldQuery.withBoost(["values": .array(values.map(JSONValue.string))], boost))
    }
}

extension MatchQuery {
    /// Decodes `{"f": "text"}` or `{"f": {"query": "text", "operator": "and", ...}}`.
    init(json: JSONValue) throws {
        let (field, body, _) = try SingleFieldQuery.field(of: json, query: "match")
        guard case .object = body else {
            self.init(field: field, query: try SingleFieldQuery.scalar(body, query: "match"))
            return
        }
        var reader = try JSONObjectReader(body, name: "match")
        guard let text = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for text query")
        }
        self.init(field: field, query: try SingleFieldQuery.scalar(text, query: "match"))
        if let op = try reader.string("operator") {
            guard let parsed = Operator(rawValue: op.lowercased()) else {
                throw ElasticsearchError.illegalArgument("No enum constant for [operator]: [\(op)]")
            }
            self.operator = parsed
        }
        if let spec = reader.value("minimum_should_match") {
            minimumShouldMatch = try MinimumShouldMatch(json: spec, context: "match")
        }
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    var json: JSONValue {
        guard self.operator != nil || minimumShouldMatch != nil || boost != nil else { return [field: query] }
        var body: [String: JSONValue] = ["query": query]
        body["operator"] = self.operator.map { .string($0.rawValue) }
        body["minimum_should_match"] = minimumShouldMatch?.json
        return [field: .object(SingleFieldQuery.withBoost(body, boost))]
    }
}
