import ESModels

extension FunctionScorePlan {
    /// `{"query": ..., "functions": [{"filter": ..., "weight": 2, "gauss": {...}}], "score_mode": ...,
    /// "boost_mode": ..., "max_boost": ..., "min_score": ..., "boost": ...}`, or one function given
    /// at the top level.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "function_score", style: .queryParser)
        query = try reader.query("query") ?? .base(.matchAll(boost: nil))
        functions = []
        if let list = reader.value("functions") {
            guard case .array(let entries) = list else {
                throw ElasticsearchError.parsing(
                    "[function_score] malformed query, expected a [START_ARRAY] while parsing functions but got a [\(list.tokenName)] instead"
                )
            }
            for entry in entries {
                var inner = try JSONObjectReader(entry, name: "function_score", style: .queryParser)
                let filter = try inner.query("filter")
                let weight = try inner.double("weight")
                let function = try Self.function(&inner) ?? (weight != nil ? .weight : nil)
                guard let function else {
                    throw ElasticsearchError.parsing(
                        "an entry in functions list is missing a function.")
                }
                try inner.rejectUnknownQueryFields()
                functions.append(Scored(filter: filter, function: function, weight: weight))
            }
        }
        let topWeight = try reader.double("weight")
        if let function = try Self.function(&reader) {
            guard functions.isEmpty else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. already found [functions] array, now encountering [\(function.name)]. use [functions] array if you want to define several functions."
                )
            }
            functions.append(Scored(filter: nil, function: function, weight: topWeight))
        } else if let topWeight {
            functions.append(Scored(filter: nil, function: .weight, weight: topWeight))
        }
        if let mode = try reader.string("score_mode") {
            guard let parsed = FunctionScoreQuery.ScoreMode(rawValue: mode.lowercased()) else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. illegal score_mode [\(mode)]")
            }
            scoreMode = parsed
        }
        if let mode = try reader.string("boost_mode") {
            guard let parsed = FunctionScoreQuery.BoostMode(rawValue: mode.lowercased()) else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. illegal boost_mode [\(mode)]")
            }
            boostMode = parsed
        }
        maxBoost = try reader.double("max_boost") ?? .greatestFiniteMagnitude
        minScore = try reader.double("min_score")
        boost = try reader.double("boost")
        _ = reader.value("_name")
        try reader.rejectUnknownQueryFields()
    }

    /// The function an entry names (`field_value_factor`, `gauss`, `exp`, `linear`), if any.
    private static func function(_ reader: inout JSONObjectReader) throws -> Function? {
        if let body = reader.value("field_value_factor") {
            var inner = try JSONObjectReader(body, name: "field_value_factor", style: .queryParser)
            guard let field = try inner.string("field") else {
                throw ElasticsearchError.parsing("[field_value_factor] required field 'field' missing")
            }
            let factor = try inner.double("factor") ?? 1
            let name = (try inner.string("modifier") ?? "none").lowercased()
            guard let modifier = FieldValueFactor.Modifier(rawValue: name) else {
                throw ElasticsearchError.illegalArgument("Illegal modifier: \(name)")
            }
            let missing = try inner.double("missing")
            try inner.rejectUnknownQueryFields()
            return .fieldValueFactor(field: field, factor: factor, modifier: modifier, missing: missing)
        }
        for kind in DecayFunction.Shape.allCases {
            guard let body = reader.value(kind.rawValue) else { continue }
            guard case .object(var members) = body else {
                throw ElasticsearchError.parsing(
                    "[\(kind.rawValue)] malformed score function score parameters.")
            }
            let mode = members.removeValue(forKey: "multi_value_mode")?.stringValue?.lowercased() ?? "min"
            guard ["min", "max", "avg", "sum"].contains(mode) else {
                throw ElasticsearchError.illegalArgument("Unknown MultiValueMode [\(mode)]")
            }
            guard members.count == 1, let (field, parameters) = members.first,
                case .object(var values) = parameters
            else {
                throw ElasticsearchError.parsing(
                    "[\(kind.rawValue)] malformed score function score parameters.")
            }
            guard let scale = values.removeValue(forKey: "scale") else {
                throw ElasticsearchError.parse("[\(kind.rawValue)] must have a scale")
            }
            let origin = values.removeValue(forKey: "origin")
            let offset = values.removeValue(forKey: "offset")
            let decay = values.removeValue(forKey: "decay").flatMap(\.doubleValue) ?? 0.5
            if let unknown = values.keys.first {
                throw ElasticsearchError.parse("[\(kind.rawValue)] unknown parameter [\(unknown)]")
            }
            guard decay > 0, decay < 1 else {
                throw ElasticsearchError.illegalArgument(
                    "decay function [\(kind.rawValue)] decay must be in range 0..1!")
            }
            return .decay(
                kind: kind, field: field, origin: origin, scale: scale, offset: offset, decay: decay,
                multiValueMode: mode)
        }
        if reader.value("script_score") != nil {
            throw ElasticsearchError.illegalArgument("cannot execute [inline] scripts")
        }
        if reader.value("random_score") != nil {
            throw ElasticsearchError.illegalArgument("[random_score] is not supported by es-embedded")
        }
        return nil
    }
}
