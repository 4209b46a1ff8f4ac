extension SortField {
    /// Decodes the `sort` member of a search body in every form Elasticsearch accepts:
    /// `"f"`, `{"f": "desc"}`, `{"f": {"order": "desc", "missing": "_last"}}`, or an array
    /// of those.
    ///
    /// - Throws: `parsing_exception` / `x_content_parse_exception` for malformed sorts. An
    ///   object naming several fields is refused: its order is not preserved, so use an array.
    public static func list(json: JSONValue) throws -> [SortField] {
        switch json {
        case .array(let elements): return try elements.map(SortField.init(json:))
        default: return [try SortField(json: json)]
        }
    }

    /// Decodes one sort element: `"f"`, `{"f": "desc"}` or `{"f": {...}}`.
    public init(json: JSONValue) throws {
        switch json {
        case .string(let field):
            self.init(field)
        case .object(let members):
            guard members.count == 1, let field = members.keys.first, let body = members[field] else {
                throw ElasticsearchError.parsing(
                    "[sort] expects one field per sort object, found [\(members.keys.sorted().joined(separator: ", "))]; "
                        + "use an array of single-field objects")
            }
            self.init(field)
            switch body {
            case .string(let direction):
                order = try Self.order(direction)
            case .object:
                try read(body)
            default:
                throw ElasticsearchError.parsing(
                    "[sort] unexpected token [\(body.tokenName)] for field [\(field)]")
            }
        default:
            throw ElasticsearchError.parsing("[sort] unexpected token [\(json.tokenName)]")
        }
    }

    private mutating func read(_ body: JSONValue) throws {
        var reader = try JSONObjectReader(body, name: "field_sort")
        if let direction = try reader.string("order") { order = try Self.order(direction) }
        if let missing = reader.value("missing"), !missing.isNull {
            switch missing {
            case .string("_last"): self.missing = .last
            case .string("_first"): self.missing = .first
            default: self.missing = .value(missing)
            }
        }
        if let mode = try reader.string("mode") {
            guard let parsed = Mode(rawValue: mode) else {
                throw ElasticsearchError.illegalArgument("Unknown SortMode [\(mode)]")
            }
            self.mode = parsed
        }
        unmappedType = try reader.string("unmapped_type")
        format = try reader.string("format")
        if let nested = reader.value("nested") {
            var nestedReader = try JSONObjectReader(nested, name: "nested")
            guard let path = try nestedReader.string("path") else {
                throw ElasticsearchError.parsing("[nested] sort requires a [path]")
            }
            let filter = try nestedReader.value("filter").map(Query.init(json:))
            try nestedReader.rejectUnknownFields()
            self.nested = Nested(path: path, filter: filter)
        }
        try reader.rejectUnknownFields()
    }

    private static func order(_ text: String) throws -> Order {
        guard let order = Order(rawValue: text.lowercased()) else {
            throw ElasticsearchError.illegalArgument("Unknown SortOrder [\(text)]")
        }
        return order
    }

    /// The shortest form Elasticsearch accepts: `"f"`, `{"f": "desc"}`, or `{"f": {...}}`.
    public var json: JSONValue {
        let hasOptions =
            missing != nil || mode != nil || unmappedType != nil || nested != nil || format != nil
        guard hasOptions else {
            guard let order else { return .string(field) }
            return [field: .string(order.rawValue)]
        }
        var body: [String: JSONValue] = [:]
        body["order"] = order.map { .string($0.rawValue) }
        switch missing {
        case .last?: body["missing"] = "_last"
        case .first?: body["missing"] = "_first"
        case .value(let value)?: body["missing"] = value
        case nil: break
        }
        body["mode"] = mode.map { .string($0.rawValue) }
        body["unmapped_type"] = unmappedType.map(JSONValue.string)
        body["format"] = format.map(JSONValue.string)
        if let nested {
            var nestedBody: [String: JSONValue] = ["path": .string(nested.path)]
            nestedBody["filter"] = nested.filter?.json
            body["nested"] = .object(nestedBody)
        }
        return [field: .object(body)]
    }
}
