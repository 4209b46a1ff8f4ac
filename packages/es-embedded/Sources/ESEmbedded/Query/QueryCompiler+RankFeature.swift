import ESModels
import Foundation

extension QueryCompiler {
    /// `rank_feature`: documents with a value of `field` (a `rank_feature` field, or
    /// `parent.feature` of a `rank_features` field), scored by `function`; a field mapped
    /// `positive_score_impact: false` scores small values high, as Elasticsearch does.
    ///
    /// - Throws: `illegal_argument_exception` for a field of another type.
    func compileRankFeature(_ path: String, function: RankFeatureFunction, boost: Double?, data: IndexLevel)
        throws -> QueryNode
    {
        let mapped: MappingLookup.Field
        var sourcePath = path.split(separator: ".").map(String.init)
        if let field = lookup.field(path) {
            mapped = field
        } else if let dot = path.lastIndex(of: "."), let parent = lookup.field(String(path[..<dot])),
            parent.type == .rankFeatures
        {
            mapped = parent
            // A feature name may itself hold dots: keep it whole under its parent.
            sourcePath =
                parent.path.split(separator: ".").map(String.init) + [String(path[path.index(after: dot)...])]
        } else {
            return .none(capacity: data.docCount)
        }
        guard mapped.type == .rankFeature || mapped.type == .rankFeatures else {
            throw ElasticsearchError.illegalArgument(
                "[rank_feature] query only works on [rank_feature] fields and features of [rank_features] fields, not [\(mapped.type)]"
            )
        }
        let positive = mapped.mapping.parameters["positive_score_impact"]?.boolValue ?? true
        var values: [Int: Double] = [:]
        let joined = sourcePath.joined(separator: ".")
        for doc in shard.live {
            guard let value = Self.value(at: sourcePath, in: shard.source(doc, along: joined)),
                let number = value.doubleValue ?? value.intValue.map(Double.init), number > 0
            else { continue }
            values[doc] = positive ? number : 1 / number
        }
        var matches = DocSet(capacity: data.docCount)
        for doc in values.keys { matches.insert(doc) }
        let pivotDefault: Double = {
            guard !values.isEmpty else { return 1 }
            return Foundation.exp(values.values.reduce(0) { $0 + Foundation.log($1) } / Double(values.count))
        }()
        let boost = boost ?? 1
        return QueryNode(matches: matches, constantScore: nil) { doc in
            guard let value = values[doc] else { return 0 }
            let score: Double
            switch function {
            case .saturation(let pivot):
                let pivot = positive ? (pivot ?? pivotDefault) : 1 / (pivot ?? 1 / pivotDefault)
                score = value / (value + pivot)
            case .log(let factor): score = Foundation.log(factor + value)
            case .sigmoid(let pivot, let exponent):
                let powered = Foundation.pow(value, exponent)
                score = powered / (powered + Foundation.pow(positive ? pivot : 1 / pivot, exponent))
            case .linear: score = value
            }
            return Float(score * boost)
        }
    }
}
