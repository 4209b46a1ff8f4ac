/// `function_score`: a query whose relevance is modified by score functions, such as a
/// recency boost that decays with a date's distance from an origin.
///
/// ```swift
/// let recent = Query.functionScore(
///     FunctionScoreQuery(
///         query: .match("titles.en", "heat"),
///         functions: [.decay(.gauss, field: "created_at", origin: "2025-06-01T00:00:00Z", scale: "30d")],
///         boostMode: .sum))
/// ```
public struct FunctionScoreQuery: Sendable, Equatable {
    /// How the functions' scores combine.
    public enum ScoreMode: String, Sendable, Equatable, CaseIterable {
        case multiply, sum, avg, first, max, min
    }

    /// How the combined function score combines with the query's score.
    public enum BoostMode: String, Sendable, Equatable, CaseIterable {
        case multiply, replace, sum, avg, max, min
    }

    /// The query whose score is modified; `nil` is `match_all`.
    public var query: Query?
    /// The functions, each optionally restricted by a filter.
    public var functions: [ScoreFunction]
    /// How the functions combine (`multiply` when unset).
    public var scoreMode: ScoreMode?
    /// How the function score combines with the query score (`multiply` when unset).
    public var boostMode: BoostMode?
    /// The largest function score used.
    public var maxBoost: Double?
    /// Documents scoring less are left out.
    public var minScore: Double?
    /// The relevance boost.
    public var boost: Double?

    /// Creates a function score query.
    public init(
        query: Query? = nil, functions: [ScoreFunction], scoreMode: ScoreMode? = nil,
        boostMode: BoostMode? = nil, maxBoost: Double? = nil, minScore: Double? = nil, boost: Double? = nil
    ) {
        self.query = query
        self.functions = functions
        self.scoreMode = scoreMode
        self.boostMode = boostMode
        self.maxBoost = maxBoost
        self.minScore = minScore
        self.boost = boost
    }
}

/// One function of a ``FunctionScoreQuery``: a weight, a decay or a field's value, applied to
/// the documents its `filter` matches (all when `nil`).
public struct ScoreFunction: Sendable, Equatable {
    /// What the function computes.
    public enum Kind: Sendable, Equatable {
        /// Only the weight.
        case weight
        /// A decay with the distance of a numeric or date field from an origin.
        case decay(DecayFunction)
        /// A field's value, scaled and modified.
        case fieldValueFactor(FieldValueFactor)
    }

    /// What the function computes.
    public var kind: Kind
    /// The documents it applies to; `nil` applies it to all.
    public var filter: Query?
    /// A factor on the function's score (for ``Kind/weight``, the score).
    public var weight: Double?

    /// Creates a score function.
    public init(_ kind: Kind, filter: Query? = nil, weight: Double? = nil) {
        self.kind = kind
        self.filter = filter
        self.weight = weight
    }

    /// A decay on `field`: 1 within `offset` of `origin`, `decay` at `scale` beyond it.
    public static func decay(
        _ shape: DecayFunction.Shape, field: String, origin: JSONValue? = nil, scale: JSONValue,
        offset: JSONValue? = nil, decay: Double? = nil, weight: Double? = nil
    ) -> ScoreFunction {
        ScoreFunction(
            .decay(
                DecayFunction(
                    shape: shape, field: field, origin: origin, scale: scale, offset: offset, decay: decay)),
            weight: weight)
    }
}

/// `gauss`, `exp` or `linear` on a numeric or date field.
public struct DecayFunction: Sendable, Equatable {
    /// The curve.
    public enum Shape: String, Sendable, Equatable, CaseIterable {
        case gauss, exp, linear
    }

    /// The curve.
    public var shape: Shape
    /// The field.
    public var field: String
    /// Where the score is 1 (`now` for dates when unset).
    public var origin: JSONValue?
    /// The distance from `origin` (plus `offset`) at which the score is `decay`: a number, or a
    /// time value for dates (`30d`).
    public var scale: JSONValue
    /// The distance within which the score stays 1.
    public var offset: JSONValue?
    /// The score at `scale` (0.5 when unset).
    public var decay: Double?
    /// Which value of a multi-valued field counts (`min` when unset).
    public var multiValueMode: String?

    /// Creates a decay function.
    public init(
        shape: Shape, field: String, origin: JSONValue? = nil, scale: JSONValue, offset: JSONValue? = nil,
        decay: Double? = nil, multiValueMode: String? = nil
    ) {
        self.shape = shape
        self.field = field
        self.origin = origin
        self.scale = scale
        self.offset = offset
        self.decay = decay
        self.multiValueMode = multiValueMode
    }
}

/// `field_value_factor`: `modifier(factor * value)` of a numeric field.
public struct FieldValueFactor: Sendable, Equatable {
    /// The function applied to the scaled value.
    public enum Modifier: String, Sendable, Equatable, CaseIterable {
        case none, log, log1p, log2p, ln, ln1p, ln2p, square, sqrt, reciprocal
    }

    /// The field.
    public var field: String
    /// The factor (1 when unset).
    public var factor: Double?
    /// The modifier (`none` when unset).
    public var modifier: Modifier?
    /// The value for documents without one.
    public var missing: Double?

    /// Creates a field value factor.
    public init(field: String, factor: Double? = nil, modifier: Modifier? = nil, missing: Double? = nil) {
        self.field = field
        self.factor = factor
        self.modifier = modifier
        self.missing = missing
    }
}

extension FunctionScoreQuery {
    /// Decodes the `functions` form and the form with one function at the top level.
    init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "function_score")
        self.init(query: try reader.value("query").map(Query.init(json:)), functions: [])
        if let list = reader.value("functions") {
            guard case .array(let entries) = list else {
                throw ElasticsearchError.parsing(
                    "[function_score] malformed query, expected a [START_ARRAY] while parsing functions but got a [\(list.tokenName)] instead"
                )
            }
            functions = try entries.map { entry in
                var inner = try JSONObjectReader(entry, name: "function_score")
                let filter = try inner.value("filter").map(Query.init(json:))
                let weight = try inner.double("weight")
                guard let kind = try ScoreFunction.kind(&inner) ?? (weight != nil ? .weight : nil) else {
                    throw ElasticsearchError.parsing("an entry in functions list is missing a function.")
                }
                try inner.rejectUnknownQueryFields()
                return ScoreFunction(kind, filter: filter, weight: weight)
            }
        }
        let weight = try reader.double("weight")
        if let kind = try ScoreFunction.kind(&reader) {
            guard functions.isEmpty else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. already found [functions] array, now encountering [\(kind)]. use [functions] array if you want to define several functions."
                )
            }
            functions = [ScoreFunction(kind, weight: weight)]
        } else if let weight {
            functions = [ScoreFunction(.weight, weight: weight)]
        }
        if let mode = try reader.string("score_mode") {
            guard let parsed = ScoreMode(rawValue: mode.lowercased()) else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. illegal score_mode [\(mode)]")
            }
            scoreMode = parsed
        }
        if let mode = try reader.string("boost_mode") {
            guard let parsed = BoostMode(rawValue: mode.lowercased()) else {
                throw ElasticsearchError.parsing(
                    "failed to parse [function_score] query. illegal boost_mode [\(mode)]")
            }
            boostMode = parsed
        }
        maxBoost = try reader.double("max_boost")
        minScore = try reader.double("min_score")
        boost = try reader.double("boost")
        try reader.rejectUnknownQueryFields()
    }

    /// Always the `functions` form.
    var json: JSONValue {
        var body: [String: JSONValue] = ["functions": .array(functions.map(\.json))]
        body["query"] = query?.json
        body["score_mode"] = scoreMode.map { .string($0.rawValue) }
        body["boost_mode"] = boostMode.map { .string($0.rawValue) }
        body["max_boost"] = maxBoost.map(JSONValue.double)
        body["min_score"] = minScore.map(JSONValue.double)
        return .object(SingleFieldQuery.withBoost(body, boost))
    }
}

extension ScoreFunction {
    /// The function named in an entry (`gauss`, `exp`, `linear`, `field_value_factor`), if any.
    static func kind(_ reader: inout JSONObjectReader) throws -> Kind? {
        if let body = reader.value("field_value_factor") {
            var inner = try JSONObjectReader(body, name: "field_value_factor")
            guard let field = try inner.string("field") else {
                throw ElasticsearchError.parsing("[field_value_factor] required field 'field' missing")
            }
            var factor = FieldValueFactor(field: field, factor: try inner.double("factor"))
            if let name = try inner.string("modifier") {
                guard let modifier = FieldValueFactor.Modifier(rawValue: name.lowercased()) else {
                    throw ElasticsearchError.illegalArgument("Illegal modifier: \(name)")
                }
                factor.modifier = modifier
            }
            factor.missing = try inner.double("missing")
            try inner.rejectUnknownFields()
            return .fieldValueFactor(factor)
        }
        for shape in DecayFunction.Shape.allCases {
            guard let body = reader.value(shape.rawValue) else { continue }
            guard case .object(var members) = body else {
                throw ElasticsearchError.parsing(
                    "[\(shape.rawValue)] malformed score function score parameters.")
            }
            let mode = members.removeValue(forKey: "multi_value_mode")?.stringValue
            guard members.count == 1, let (field, parameters) = members.first else {
                throw ElasticsearchError.parsing(
                    "[\(shape.rawValue)] malformed score function score parameters.")
            }
            var inner = try JSONObjectReader(parameters, name: shape.rawValue)
            guard let scale = inner.value("scale") else {
                throw ElasticsearchError.parse("[\(shape.rawValue)] must have a scale")
            }
            let decay = DecayFunction(
                shape: shape, field: field, origin: inner.value("origin"), scale: scale,
                offset: inner.value("offset"), decay: try inner.double("decay"), multiValueMode: mode)
            if let unknown = inner.unreadKeys.first {
                throw ElasticsearchError.parse("[\(shape.rawValue)] unknown parameter [\(unknown)]")
            }
            return .decay(decay)
        }
        return nil
    }

    var json: JSONValue {
        var entry: [String: JSONValue] = [:]
        entry["filter"] = filter?.json
        entry["weight"] = weight.map(JSONValue.double)
        switch kind {
        case .weight: break
        case .decay(let decay):
            var parameters: [String: JSONValue] = ["scale": decay.scale]
            parameters["origin"] = decay.origin
            parameters["offset"] = decay.offset
            parameters["decay"] = decay.decay.map(JSONValue.double)
            var body: [String: JSONValue] = [decay.field: .object(parameters)]
            body["multi_value_mode"] = decay.multiValueMode.map(JSONValue.string)
            entry[decay.shape.rawValue] = .object(body)
        case .fieldValueFactor(let factor):
            var body: [String: JSONValue] = ["field": .string(factor.field)]
            body["factor"] = factor.factor.map(JSONValue.double)
            body["modifier"] = factor.modifier.map { .string($0.rawValue) }
            body["missing"] = factor.missing.map(JSONValue.double)
            entry["field_value_factor"] = .object(body)
        }
        return .object(entry)
    }
}
