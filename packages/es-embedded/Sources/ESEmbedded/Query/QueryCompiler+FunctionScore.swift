import ESModels
import Foundation

extension QueryCompiler {
    /// `function_score`, computed as Elasticsearch's `FunctionScoreQuery` does: each function whose
    /// filter matches gives a factor (in doubles, times its `weight`), `score_mode` combines them
    /// (1 when none matches), `boost_mode` combines the result, capped at `max_boost`, with the
    /// query's score; `min_score` drops documents below it.
    func compileFunctionScore(_ query: FunctionScorePlan, data: IndexLevel, level: String) throws
        -> QueryNode
    {
        let inner = try compile(query.query, level: level)
        let filters = try query.functions.map { try $0.filter.map { try compile($0, level: level).matches } }
        let functions = try query.functions.map { try scoreFunction($0.function, data: data) }
        let weights = query.functions.map { $0.weight ?? 1 }
        let boost = Float(query.boost ?? 1)
        let scoreMode = query.scoreMode
        let boostMode = query.boostMode
        let maxBoost = query.maxBoost
        let factor: (Int) throws -> Double = { doc in
            var factor = 1.0
            var total = 0.0
            var weightSum = 0.0
            var best = -Double.infinity
            var least = Double.infinity
            for index in functions.indices where filters[index]?.contains(doc) ?? true {
                let value = try functions[index](doc) * weights[index]
                switch scoreMode {
                case .first: return value
                case .multiply: factor *= value
                case .max: best = max(best, value)
                case .min: least = min(least, value)
                case .sum, .avg:
                    total += value
                    weightSum += weights[index]
                }
            }
            switch scoreMode {
            case .max: return best == -.infinity ? 1 : best
            case .min: return least == .infinity ? 1 : least
            case .sum: return weightSum == 0 ? 1 : total
            case .avg: return weightSum == 0 ? 1 : total / weightSum
            default: return factor
            }
        }
        let combine: (Float, Int) throws -> Float = { score, doc in
            let function = min(try factor(doc), maxBoost)
            let queryScore = Double(score)
            let combined: Double
            switch boostMode {
            case .multiply: combined = queryScore * function
            case .replace: combined = function
            case .sum: combined = queryScore + function
            case .avg: combined = (queryScore + function) / 2
            case .max: combined = max(queryScore, function)
            case .min: combined = min(queryScore, function)
            }
            return Float(combined) * boost
        }
        // Scores are computed up front: a function may fail the shard (a missing value), and
        // `min_score` decides which documents match.
        var scores: [Int: Float] = [:]
        var matches = DocSet(capacity: data.docCount)
        let live = level.isEmpty ? shard.live : DocSet.full(capacity: data.docCount)
        for doc in inner.matches where live.contains(doc) {
            let score = try combine(inner.score(doc), doc)
            if let minScore = query.minScore, Double(score) < minScore { continue }
            scores[doc] = score
            matches.insert(doc)
        }
        return QueryNode(matches: matches, constantScore: nil) { scores[$0] ?? 0 }
    }

    private func scoreFunction(_ function: FunctionScorePlan.Function, data: IndexLevel) throws -> (Int)
        throws ->
        Double
    {
        switch function {
        case .weight:
            return { _ in 1 }
        case .fieldValueFactor(let name, let factor, let modifier, let missing):
            let field = lookup.field(name)
            let column = field.flatMap { data.columns[$0.path] }
            let isDouble = field?.kind == .double
            guard field == nil || [.long, .double, .date, .boolean].contains(field?.kind) else {
                throw failure(
                    "illegal_argument_exception",
                    "Field [\(name)] of type [\(field?.type.rawValue ?? "")] does not support field_value_factor"
                )
            }
            let index = index
            return { doc in
                let value: Double
                if let raw = column?.numericValues(doc).first {
                    value = isDouble ? SortableDouble.decode(raw) : Double(raw)
                } else if let missing {
                    value = missing
                } else {
                    throw ElasticsearchError.failedToCreateQuery(
                        ErrorCause(type: "exception", reason: "Missing value for field [\(name)]"),
                        index: index)
                }
                let scaled = value * factor
                let result: Double
                switch modifier {
                case .none: result = scaled
                case .log: result = log10(scaled)
                case .log1p: result = log10(scaled + 1)
                case .log2p: result = log10(scaled + 2)
                case .ln: result = log(scaled)
                case .ln1p: result = log1p(scaled)
                case .ln2p: result = log(scaled + 2)
                case .square: result = scaled * scaled
                case .sqrt: result = scaled.squareRoot()
                case .reciprocal: result = 1 / scaled
                }
                guard result.isFinite, result >= 0 else {
                    throw ElasticsearchError.failedToCreateQuery(
                        ErrorCause(
                            type: "illegal_argument_exception",
                            reason:
                                "field value function must not produce negative scores, but got: [\(result)] for field value: [\(value)]"
                        ), index: index)
                }
                return result
            }
        case .decay(let kind, let name, let origin, let scale, let offset, let decay, let mode):
            guard let field = lookup.field(name), let fieldKind = field.kind else {
                // Elasticsearch: an unmapped field decays nothing (every document scores 1).
                return { _ in 1 }
            }
            let column = data.columns[field.path]
            let originValue: Double
            let scaleValue: Double
            let offsetValue: Double
            switch fieldKind {
            case .date:
                originValue = try dateOrigin(origin, field: field)
                scaleValue = Double(try timeValue(scale, name: "scale"))
                offsetValue = try offset.map { Double(try timeValue($0, name: "offset")) } ?? 0
            case .long, .double:
                guard let origin else {
                    throw ElasticsearchError.parse(
                        "[\(kind.rawValue)] must have an origin for numeric fields")
                }
                originValue = try queryNumber(origin)
                scaleValue = try queryNumber(scale)
                offsetValue = try offset.map(queryNumber) ?? 0
            default:
                throw failure(
                    "illegal_argument_exception",
                    "field [\(name)] is of type [\(field.type.rawValue)], but only numeric types are supported."
                )
            }
            let isDouble = fieldKind == .double
            let curve = DecayCurve(kind: kind, scale: scaleValue, decay: decay)
            return { doc in
                guard let raw = column?.numericValues(doc), !raw.isEmpty else { return 1 }
                let distances = raw.map { value -> Double in
                    let number = isDouble ? SortableDouble.decode(value) : Double(value)
                    return max(0, abs(number - originValue) - offsetValue)
                }
                let scores = distances.map(curve.value)
                switch mode {
                case "max": return scores.min() ?? 1
                case "avg": return scores.reduce(0, +) / Double(scores.count)
                case "sum": return scores.reduce(0, +)
                default: return scores.max() ?? 1
                }
            }
        }
    }

    private func dateOrigin(_ origin: JSONValue?, field: MappingLookup.Field) throws -> Double {
        guard let origin else { return now.timeIntervalSince1970 * 1000 }
        let bounds = try dateBounds(RangeQuery(field: field.path, gte: origin), field: field)
        return Double(bounds.lower ?? 0)
    }

    private func timeValue(_ value: JSONValue, name: String) throws -> Int64 {
        if let number = value.intValue { return Int64(number) }
        guard let text = value.stringValue else {
            throw ElasticsearchError.parse("[\(name)] must be a time value")
        }
        let lowered = text.lowercased()
        if lowered.hasSuffix("w"), let weeks = Int64(lowered.dropLast()) { return weeks * 7 * 86_400_000 }
        return try KeepAlive(parsing: text, setting: name).milliseconds
    }
}

/// The decay functions of `function_score` (`gauss`, `exp`, `linear`), as Elasticsearch defines
/// them from `scale` and `decay` (the score at `scale` from the origin).
struct DecayCurve {
    let kind: DecayFunction.Shape
    let scale: Double
    let decay: Double

    func value(_ distance: Double) -> Double {
        switch kind {
        case .gauss:
            let sigmaSquared = -scale * scale / (2 * log(decay))
            return exp(-distance * distance / (2 * sigmaSquared))
        case .exp:
            return exp(log(decay) / scale * distance)
        case .linear:
            let s = scale / (1 - decay)
            return max(0, (s - distance) / s)
        }
    }
}
