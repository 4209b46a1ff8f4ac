import ESModels

/// `dense_vector` fields: the checks Elasticsearch makes when a document is indexed, and the
/// similarity functions of the `knn` search (an exact search: every candidate is compared).
enum DenseVector {
    /// The similarity a `dense_vector` mapping names (`cosine` by default).
    enum Similarity: String {
        case cosine
        case dotProduct = "dot_product"
        case l2Norm = "l2_norm"
        case maxInnerProduct = "max_inner_product"

        init(_ mapping: FieldMapping) {
            self =
                mapping.parameters["similarity"]?.stringValue.flatMap(Similarity.init(rawValue:)) ?? .cosine
        }

        /// The score Elasticsearch gives a document: similarity mapped to a non-negative score.
        func score(_ query: [Double], _ vector: [Double]) -> Double {
            switch self {
            case .cosine:
                let magnitudes = (DenseVector.dot(query, query) * DenseVector.dot(vector, vector))
                    .squareRoot()
                return magnitudes == 0 ? 0 : (1 + DenseVector.dot(query, vector) / magnitudes) / 2
            case .dotProduct:
                return (1 + DenseVector.dot(query, vector)) / 2
            case .l2Norm:
                var sum = 0.0
                for (a, b) in zip(query, vector) { sum += (a - b) * (a - b) }
                return 1 / (1 + sum)
            case .maxInnerProduct:
                let product = DenseVector.dot(query, vector)
                return product < 0 ? 1 / (1 - product) : product + 1
            }
        }
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += x * y }
        return sum
    }

    /// The numbers of a stored vector value; `nil` when it is not one.
    static func numbers(_ value: JSONValue) -> [Double]? {
        guard case .array(let items) = value else { return nil }
        let numbers = items.compactMap { $0.doubleValue ?? $0.intValue.map(Double.init) }
        return numbers.count == items.count ? numbers : nil
    }

    /// Checks a document's value for `field`.
    ///
    /// - Throws: `document_parsing_exception` for a value that is not an array of numbers, a
    ///   length other than the mapping's `dims`, or a zero vector under `cosine`.
    static func check(_ value: JSONValue, field: CompiledField, id: String) throws {
        if value.isNull { return }
        guard let numbers = numbers(value) else {
            throw ElasticsearchError.documentParsing(
                "failed to parse field [\(field.fullPath)] of type [dense_vector] in document with id '\(id)'. Preview of field's value: '\(DocumentParser.preview(value))'",
                causedBy: ErrorCause(
                    type: "parsing_exception",
                    reason:
                        "Failed to parse object: expecting token of type [VALUE_NUMBER] but found [\(value.tokenName)]"
                ))
        }
        if let dims = field.mapping.parameters["dims"]?.intValue, dims != numbers.count {
            throw ElasticsearchError.documentParsing(
                "The [dense_vector] field [\(field.fullPath)] in doc [document with id '\(id)'] has a different number of dimensions [\(numbers.count)] than defined in the mapping [\(dims)]"
            )
        }
        if Similarity(field.mapping) == .cosine, dot(numbers, numbers) == 0 {
            throw ElasticsearchError.documentParsing(
                "The [cosine] similarity does not support vectors with zero magnitude. Preview of invalid vector: [\(numbers.prefix(5).map { String($0) }.joined(separator: ", "))]"
            )
        }
    }
}
