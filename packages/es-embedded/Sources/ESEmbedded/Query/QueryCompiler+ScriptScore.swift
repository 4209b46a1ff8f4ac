import ESModels
import Foundation

extension QueryCompiler {
    /// `script_score`: each document the inner query matches is scored by the script, which
    /// reads `_score` (the inner score), `params`, `doc['field']` (the field's values, read
    /// from `_source`) and the vector functions `cosineSimilarity`, `dotProduct`, `l1norm`,
    /// `l2norm` of a `dense_vector` field, plus `saturation` and `sigmoid`.
    ///
    /// - Throws: `script_exception` for a failing script; `illegal_argument_exception` for a
    ///   negative score, as Elasticsearch refuses one.
    func compileScriptScore(
        _ inner: DSLQuery, script: Script, minScore: Double?, boost: Double?, data: IndexLevel, level: String
    ) throws -> QueryNode {
        let node = try compile(inner, level: level)
        let compiled = try PainlessScript(script)
        var matches = DocSet(capacity: data.docCount)
        var scores: [Int: Float] = [:]
        let boost = boost ?? 1
        for doc in node.matches where shard.live.contains(doc) {
            let source = shard.source(doc)
            let value = try compiled.run(
                ["_score": .double(Double(node.score(doc))), "doc": .map(docValues(source))],
                functions: vectorFunctions(source))
            guard let score = value.number else {
                throw ElasticsearchError.illegalArgument(
                    "script_score script must return a number, but returned [\(value.typeName)]")
            }
            guard score >= 0 else {
                throw ElasticsearchError.illegalArgument(
                    "script_score script returned an invalid score [\(score)] for doc [\(doc)]. Must be a non-negative score!"
                )
            }
            if let minScore, score < minScore { continue }
            matches.insert(doc)
            scores[doc] = Float(score * boost)
        }
        return QueryNode(matches: matches, constantScore: nil) { scores[$0] ?? 0 }
    }

    /// `doc` for a document: each mapped field's values from `_source` (a multi-field reads
    /// its parent's), text fields left out as they have no doc values.
    func docValues(_ source: JSONValue) -> PainlessMap {
        let map = PainlessMap([:], order: [])
        map.missingKeysFail = true
        for field in lookup.valueFields(matching: "*") where field.type != .text {
            let sourcePath =
                field.isMultiField
                ? String(field.path[..<(field.path.lastIndex(of: ".") ?? field.path.endIndex)]) : field.path
            var values: [PainlessValue] = []
            if let value = Self.value(at: sourcePath.split(separator: ".").map(String.init), in: source) {
                switch value {
                case .array(let items) where field.type != .denseVector:
                    values = items.map(PainlessValue.init)
                case .null: break
                default: values = [PainlessValue(value)]
                }
            }
            if field.type == .date {
                // Dates as epoch milliseconds (Elasticsearch gives a date-time object).
                let format = field.mapping.parameters["format"]?.stringValue
                values = values.map { value in
                    (try? FieldValueConverter.dateMillis(value.json, format: format)).map { .int(Int64($0)) }
                        ?? value
                }
            }
            // Doc values are sorted, as Elasticsearch's are.
            if values.allSatisfy({ $0.number != nil }) {
                values.sort { ($0.number ?? 0) < ($1.number ?? 0) }
            } else if values.allSatisfy({ if case .string = $0 { true } else { false } }) {
                values.sort { PainlessMethods.text($0) < PainlessMethods.text($1) }
            }
            map[field.path] = .docValues(values)
        }
        return map
    }

    func vectorFunctions(_ source: JSONValue) -> [String: PainlessScript.Function] {
        func vectors(_ arguments: [PainlessValue]) throws(PainlessFailure) -> ([Double], [Double]) {
            guard arguments.count == 2, case .list(let query) = arguments[0],
                case .string(let field) = arguments[1]
            else {
                throw PainlessFailure(
                    offset: 0, type: "illegal_argument_exception",
                    reason: "a vector function takes a query vector and a field name", runtime: true)
            }
            let queryVector = query.items.compactMap(\.number)
            guard let value = Self.value(at: field.split(separator: ".").map(String.init), in: source),
                let vector = DenseVector.numbers(value)
            else {
                throw PainlessFailure(
                    offset: 0, type: "illegal_argument_exception",
                    reason: "A document doesn't have a value for a vector field!", runtime: true)
            }
            guard vector.count == queryVector.count else {
                throw PainlessFailure(
                    offset: 0, type: "illegal_argument_exception",
                    reason:
                        "The query vector has a different number of dimensions [\(queryVector.count)] than the document vectors [\(vector.count)].",
                    runtime: true)
            }
            return (queryVector, vector)
        }
        return [
            "cosineSimilarity": { (arguments) throws(PainlessFailure) in
                let (query, vector) = try vectors(arguments)
                let magnitudes = (DenseVector.dot(query, query) * DenseVector.dot(vector, vector))
                    .squareRoot()
                return .double(magnitudes == 0 ? 0 : DenseVector.dot(query, vector) / magnitudes)
            },
            "dotProduct": { (arguments) throws(PainlessFailure) in
                let (query, vector) = try vectors(arguments)
                return .double(DenseVector.dot(query, vector))
            },
            "l1norm": { (arguments) throws(PainlessFailure) in
                let (query, vector) = try vectors(arguments)
                return .double(zip(query, vector).reduce(0) { $0 + abs($1.0 - $1.1) })
            },
            "l2norm": { (arguments) throws(PainlessFailure) in
                let (query, vector) = try vectors(arguments)
                return .double(
                    zip(query, vector).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
            },
            "saturation": { (arguments) throws(PainlessFailure) in
                guard arguments.count == 2, let value = arguments[0].number, let pivot = arguments[1].number
                else {
                    throw PainlessFailure(
                        offset: 0, type: "illegal_argument_exception",
                        reason: "saturation takes a value and a pivot",
                        runtime: true)
                }
                return .double(value / (value + pivot))
            },
            "sigmoid": { (arguments) throws(PainlessFailure) in
                guard arguments.count == 3, let value = arguments[0].number, let k = arguments[1].number,
                    let a = arguments[2].number
                else {
                    throw PainlessFailure(
                        offset: 0, type: "illegal_argument_exception",
                        reason: "sigmoid takes a value, k and a",
                        runtime: true)
                }
                let powered = Foundation.pow(value, a)
                return .double(powered / (Foundation.pow(k, a) + powered))
            },
        ]
    }
}
