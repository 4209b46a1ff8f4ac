import ESModels

extension DSLQuery {
    /// The query types es-models decodes itself (its errors are Elasticsearch's).
    private static let esModelsLeaves: Set<String> = [
        "match_all", "match_none", "term", "terms", "range", "exists", "ids",
    ]
    /// `match` members only the engine reads.
    private static let fuzzyMatchMembers: Set<String> = [
        "fuzziness", "prefix_length", "max_expansions", "fuzzy_transpositions", "analyzer",
        "zero_terms_query", "lenient", "fuzzy_rewrite", "auto_generate_synonyms_phrase_query",
    ]

    init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("[_na] query malformed, must start with start_object")
        }
        guard let name = members.keys.sorted().first, let body = members[name] else {
            throw ElasticsearchError.parsing("query malformed, empty clause found")
        }
        if members.count > 1 {
            let second = members.keys.sorted().dropFirst().first ?? ""
            throw ElasticsearchError.parsing(
                "[\(name)] malformed query, expected [END_OBJECT] but found [FIELD_NAME] ([\(second)])")
        }
        switch name {
        case _ where Self.esModelsLeaves.contains(name):
            self = .base(try Query(json: json))
        case "match":
            if case .object(let outer) = body, outer.count == 1,
                case .object(let inner)? = outer.values.first,
                !Self.fuzzyMatchMembers.isDisjoint(with: inner.keys)
            {
                self = .fullText(try FullTextQuery(json: body, kind: .match))
            } else {
                self = .base(try Query(json: json))
            }
        case "match_phrase": self = .fullText(try FullTextQuery(json: body, kind: .phrase))
        case "match_phrase_prefix": self = .fullText(try FullTextQuery(json: body, kind: .phrasePrefix))
        case "match_bool_prefix": self = .fullText(try FullTextQuery(json: body, kind: .boolPrefix))
        case "bool": self = .bool(try DSLBool(json: body))
        case "nested": self = try Self.nested(body)
        case "multi_match": self = .multiMatch(try MultiMatchPlan(json: body))
        case "prefix", "wildcard", "fuzzy": self = try Self.termLevel(name, body)
        case "constant_score":
            var reader = try JSONObjectReader(body, name: name, style: .queryParser)
            guard let filter = try reader.query("filter") else {
                throw ElasticsearchError.parsing("[constant_score] requires a 'filter' element")
            }
            let boost = try reader.double("boost")
            _ = reader.value("_name")
            try reader.rejectUnknownQueryFields()
            self = .constantScore(filter: filter, boost: boost)
        case "dis_max":
            var reader = try JSONObjectReader(body, name: name, style: .queryParser)
            let queries = try Self.clauses(reader.value("queries"), query: name, member: "queries")
            guard !queries.isEmpty else {
                throw ElasticsearchError.parsing(
                    "[dis_max] requires 'queries' field with at least one clause")
            }
            let tieBreaker = try reader.double("tie_breaker") ?? 0
            let boost = try reader.double("boost")
            _ = reader.value("_name")
            try reader.rejectUnknownQueryFields()
            self = .disMax(queries: queries, tieBreaker: tieBreaker, boost: boost)
        case "boosting":
            var reader = try JSONObjectReader(body, name: name, style: .queryParser)
            guard let positive = try reader.query("positive") else {
                throw ElasticsearchError.parsing("[boosting] query requires 'positive' query")
            }
            guard let negative = try reader.query("negative") else {
                throw ElasticsearchError.parsing("[boosting] query requires 'negative' query")
            }
            guard let negativeBoost = try reader.double("negative_boost"), negativeBoost >= 0 else {
                throw ElasticsearchError.parsing(
                    "[boosting] query requires 'negative_boost' to be set to be a positive value'")
            }
            let boost = try reader.double("boost")
            _ = reader.value("_name")
            try reader.rejectUnknownQueryFields()
            self = .boosting(
                positive: positive, negative: negative, negativeBoost: negativeBoost, boost: boost)
        case "function_score": self = .functionScore(try FunctionScorePlan(json: body))
        case "rank_feature":
            var reader = try JSONObjectReader(body, name: name, style: .queryParser)
            guard let field = reader.value("field")?.stringValue else {
                throw ElasticsearchError.parsing("[rank_feature] requires 'field' field")
            }
            var functions: [RankFeatureFunction] = []
            if let saturation = reader.value("saturation") {
                functions.append(
                    .saturation(
                        pivot: saturation["pivot"]?.doubleValue
                            ?? saturation["pivot"]?.intValue.map(Double.init)))
            }
            if let log = reader.value("log") {
                guard
                    let factor = log["scaling_factor"]?.doubleValue
                        ?? log["scaling_factor"]?.intValue.map(Double.init)
                else {
                    throw ElasticsearchError.parsing("[log] requires 'scaling_factor' field")
                }
                functions.append(.log(scalingFactor: factor))
            }
            if let sigmoid = reader.value("sigmoid") {
                guard
                    let pivot = sigmoid["pivot"]?.doubleValue ?? sigmoid["pivot"]?.intValue.map(Double.init),
                    let exponent = sigmoid["exponent"]?.doubleValue
                        ?? sigmoid["exponent"]?.intValue.map(Double.init)
                else {
                    throw ElasticsearchError.parsing("[sigmoid] requires 'pivot' and 'exponent' fields")
                }
                functions.append(.sigmoid(pivot: pivot, exponent: exponent))
            }
            if reader.value("linear") != nil { functions.append(.linear) }
            guard functions.count <= 1 else {
                throw ElasticsearchError.parsing(
                    "Can only specify one of [log], [saturation], [sigmoid] and [linear]")
            }
            let boost = try reader.double("boost")
            _ = reader.value("_name")
            try reader.rejectUnknownQueryFields()
            self = .rankFeature(
                field: field, function: functions.first ?? .saturation(pivot: nil), boost: boost)
        case "script_score":
            var reader = try JSONObjectReader(body, name: name, style: .queryParser)
            guard let query = try reader.query("query") else {
                throw ElasticsearchError.parsing("[script_score] requires 'query' field")
            }
            guard let scriptJSON = reader.value("script") else {
                throw ElasticsearchError.parsing("[script_score] requires 'script' field")
            }
            let script = try Script(json: scriptJSON)
            let minScore = try reader.double("min_score")
            let boost = try reader.double("boost")
            _ = reader.value("_name")
            try reader.rejectUnknownQueryFields()
            self = .scriptScore(query: query, script: script, minScore: minScore, boost: boost)
        case "simple_query_string": self = try SimpleQueryString.parse(body)
        case "query_string": self = try QueryString.parse(body)
        default:
            self = .base(try Query(json: json))
        }
    }

    /// A clause list: one query or an array of them.
    static func clauses(_ value: JSONValue?, query: String, member: String) throws -> [DSLQuery] {
        switch value {
        case nil, .null?: return []
        case .object?: return [try DSLQuery(json: value ?? .null)]
        case .array(let elements)?: return try elements.map(DSLQuery.init(json:))
        case let other?:
            throw ElasticsearchError.parsing(
                "[\(query)] query does not support [\(member)] of type [\(other.tokenName)]")
        }
    }

    private static func nested(_ body: JSONValue) throws -> DSLQuery {
        var reader = try JSONObjectReader(body, name: "nested", style: .queryParser)
        guard let query = try reader.query("query") else {
            throw ElasticsearchError.parsing("[nested] requires 'query' field")
        }
        guard let path = try reader.string("path") else {
            throw ElasticsearchError.parsing("[nested] requires 'path' field")
        }
        var scoreMode: NestedQuery.ScoreMode?
        if let mode = try reader.string("score_mode") {
            guard let parsed = NestedQuery.ScoreMode(rawValue: mode) else {
                throw ElasticsearchError.illegalArgument("No score mode for child query [\(mode)] found")
            }
            scoreMode = parsed
        }
        let ignoreUnmapped = try reader.bool("ignore_unmapped") ?? false
        let boost = try reader.double("boost")
        _ = reader.value("_name")
        let innerHits = try reader.value("inner_hits").map { try InnerHits(json: $0, path: path) }
        try reader.rejectUnknownQueryFields()
        return .nested(
            path: path, query: query, scoreMode: scoreMode, ignoreUnmapped: ignoreUnmapped, boost: boost,
            innerHits: innerHits)
    }

    /// `prefix`, `wildcard` and `fuzzy`: `{"field": "value"}` or `{"field": {"value": ..., ...}}`.
    private static func termLevel(_ name: String, _ body: JSONValue) throws -> DSLQuery {
        let (field, inner) = try fieldBody(body, query: name)
        var value: JSONValue?
        var boost: Double?
        var caseInsensitive = false
        var fuzziness = Fuzziness.auto
        var options = FuzzyOptions()
        if case .object = inner {
            var reader = try JSONObjectReader(inner, name: name, style: .queryParser)
            value = reader.value("value") ?? (name == "wildcard" ? reader.value("wildcard") : nil)
            boost = try reader.double("boost")
            _ = reader.value("_name")
            _ = reader.value("rewrite")
            if name == "fuzzy" {
                if let spec = reader.value("fuzziness") { fuzziness = try Fuzziness(json: spec) }
                options.prefixLength = try reader.int("prefix_length") ?? 0
                options.maxExpansions = try reader.int("max_expansions") ?? 50
                options.transpositions = try reader.bool("transpositions") ?? true
            } else {
                caseInsensitive = try reader.bool("case_insensitive") ?? false
            }
            try reader.rejectUnknownQueryFields()
        } else {
            value = inner
        }
        guard let value, !value.isNull else {
            throw ElasticsearchError.parsing("No value specified for \(name) query")
        }
        switch name {
        case "fuzzy":
            return .fuzzy(field: field, value: value, fuzziness: fuzziness, options: options, boost: boost)
        case "prefix":
            return .prefix(
                field: field, value: (try? FieldValueConverter.text(of: value)) ?? "",
                caseInsensitive: caseInsensitive,
                boost: boost)
        default:
            return .wildcard(
                field: field, pattern: (try? FieldValueConverter.text(of: value)) ?? "",
                caseInsensitive: caseInsensitive, boost: boost)
        }
    }

    /// The one field a single-field query names, and its body.
    static func fieldBody(_ body: JSONValue, query name: String) throws -> (String, JSONValue) {
        guard case .object(let members) = body else {
            throw ElasticsearchError.parsing("[\(name)] query malformed, no start_object after query name")
        }
        let fields = members.keys.filter { $0 != "boost" && $0 != "_name" }.sorted()
        guard let field = fields.first, let inner = members[field] else {
            throw ElasticsearchError.parsing("[\(name)] query malformed, no field specified")
        }
        if fields.count > 1 {
            throw ElasticsearchError.parsing(
                "[\(name)] query doesn't support multiple fields, found [\(fields[0])] and [\(fields[1])]")
        }
        return (field, inner)
    }
}

extension JSONObjectReader {
    /// Reads a query member (an object holding one query) into the engine's tree.
    mutating func query(_ key: String) throws -> DSLQuery? {
        guard let value = value(key) else { return nil }
        return try DSLQuery(json: value)
    }
}

extension DSLBool {
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "bool", style: .queryParser)
        must = try DSLQuery.clauses(reader.value("must"), query: "bool", member: "must")
        filter = try DSLQuery.clauses(reader.value("filter"), query: "bool", member: "filter")
        should = try DSLQuery.clauses(reader.value("should"), query: "bool", member: "should")
        mustNot = try DSLQuery.clauses(reader.value("must_not"), query: "bool", member: "must_not")
        if let spec = reader.value("minimum_should_match"), !spec.isNull {
            minimumShouldMatch = try MinimumShouldMatch.parse(spec, context: "bool")
        }
        boost = try reader.double("boost")
        _ = try reader.bool("adjust_pure_negative")
        _ = reader.value("_name")
        try reader.rejectUnknownQueryFields()
    }
}

extension MinimumShouldMatch {
    /// `minimum_should_match` as a number or a spec (`75%`, `3<90%`).
    static func parse(_ json: JSONValue, context: String) throws -> MinimumShouldMatch {
        if let number = json.intValue { return .count(number) }
        guard let text = json.stringValue, let parsed = MinimumShouldMatch(spec: text) else {
            throw ElasticsearchError.parsing(
                "[\(context)] minimum_should_match [\(json)] is not a valid value")
        }
        return parsed
    }
}

extension FullTextQuery {
    /// `{"field": "text"}` or `{"field": {"query": "text", ...}}`.
    init(json: JSONValue, kind: Kind) throws {
        let (field, inner) = try DSLQuery.fieldBody(json, query: kind.rawValue)
        self.init(kind: kind, field: field, text: .null)
        guard case .object = inner else {
            if case .array = inner {
                throw ElasticsearchError.parsing("[\(kind.rawValue)] query does not support array of values")
            }
            text = inner
            return
        }
        var reader = try JSONObjectReader(inner, name: kind.rawValue, style: .queryParser)
        guard let query = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for text query")
        }
        text = query
        try read(&reader)
        try reader.rejectUnknownQueryFields()
    }

    /// The members the full-text queries share (also `multi_match`'s).
    mutating func read(_ reader: inout JSONObjectReader) throws {
        if let op = try reader.string("operator") {
            guard let parsed = MatchQuery.Operator(rawValue: op.lowercased()) else {
                throw ElasticsearchError.illegalArgument("No enum constant for [operator]: [\(op)]")
            }
            self.operator = parsed
        }
        if let spec = reader.value("minimum_should_match"), !spec.isNull {
            minimumShouldMatch = try MinimumShouldMatch.parse(spec, context: kind.rawValue)
        }
        if let spec = reader.value("fuzziness") { fuzziness = try Fuzziness(json: spec) }
        fuzzy.prefixLength = try reader.int("prefix_length") ?? 0
        fuzzy.maxExpansions = try reader.int("max_expansions") ?? 50
        fuzzy.transpositions = try reader.bool("fuzzy_transpositions") ?? true
        slop = try reader.int("slop") ?? 0
        analyzer = try reader.string("analyzer")
        if let zero = try reader.string("zero_terms_query") {
            switch zero.lowercased() {
            case "all": zeroTermsAll = true
            case "none": zeroTermsAll = false
            default:
                throw ElasticsearchError.parsing("Unsupported zero_terms_query value [\(zero)]")
            }
        }
        lenient = try reader.bool("lenient") ?? false
        boost = try reader.double("boost")
        for ignored in ["_name", "fuzzy_rewrite", "auto_generate_synonyms_phrase_query", "cutoff_frequency"] {
            _ = reader.value(ignored)
        }
    }
}

extension MultiMatchPlan {
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "multi_match", style: .queryParser)
        guard let text = reader.value("query") else {
            throw ElasticsearchError.parsing("No text specified for multi_match query")
        }
        let typeName = try reader.string("type") ?? "best_fields"
        guard let kind = Kind(rawValue: typeName.lowercased()) else {
            if typeName.lowercased() == "cross_fields" {
                throw ElasticsearchError.illegalArgument(
                    "[multi_match] type [cross_fields] is not supported by es-embedded")
            }
            throw ElasticsearchError.parse(
                "failed to parse [multi_match] query type [\(typeName)]. unknown type.")
        }
        var fields: [FieldBoost] = []
        if let spec = reader.value("fields") {
            let names: [String]
            switch spec {
            case .string(let name): names = [name]
            case .array(let list): names = list.compactMap(\.stringValue)
            default:
                throw ElasticsearchError.parsing(
                    "[multi_match] query does not support [fields] of type [\(spec.tokenName)]")
            }
            fields = names.map(Self.fieldWithBoost)
        }
        let queryKind: FullTextQuery.Kind =
            switch kind {
            case .bestFields, .mostFields: .match
            case .phrase: .phrase
            case .phrasePrefix: .phrasePrefix
            case .boolPrefix: .boolPrefix
            }
        var query = FullTextQuery(kind: queryKind, field: "", text: text)
        let tieBreaker = try reader.double("tie_breaker")
        try query.read(&reader)
        try reader.rejectUnknownQueryFields()
        let boost = query.boost
        query.boost = nil
        if kind == .boolPrefix, query.slop != 0 {
            throw ElasticsearchError.illegalArgument("slop not allowed for type [bool_prefix]")
        }
        self.init(kind: kind, fields: fields, query: query, tieBreaker: tieBreaker, boost: boost)
    }

    /// `title^2` is the field `title` with a boost of 2.
    static func fieldWithBoost(_ spec: String) -> FieldBoost {
        guard let caret = spec.lastIndex(of: "^"), let boost = Double(spec[spec.index(after: caret)...])
        else {
            return FieldBoost(name: spec, boost: 1)
        }
        return FieldBoost(name: String(spec[..<caret]), boost: boost)
    }
}
