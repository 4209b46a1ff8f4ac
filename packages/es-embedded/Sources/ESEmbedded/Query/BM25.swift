import Foundation

/// Lucene's BM25 similarity (k1 = 1.2, b = 0.75), as Elasticsearch scores term matches:
/// `boost * idf * freq / (freq + k1 * (1 - b + b * length / averageLength))`; fields without
/// norms (`keyword`, `boolean`) leave out the length part.
enum BM25 {
    static let k1: Float = 1.2
    static let b: Float = 0.75

    /// `ln(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5))`.
    static func idf(docFreq: Int, docCount: Int) -> Float {
        let n = Double(max(docCount, docFreq))
        let df = Double(docFreq)
        return Float(log(1 + (n - df + 0.5) / (df + 0.5)))
    }

    /// The score of one term in one document, computed as Lucene's `BM25Scorer` does (in
    /// 32-bit floats): `weight - weight / (1 + freq / (k1 * (1 - b + b * length / averageLength)))`.
    /// Fields without norms count a length of 1.
    static func score(weight: Float, frequency: UInt32, length: UInt32?, averageLength: Float) -> Float {
        let documentLength = length.map { Float($0) } ?? 1
        let average = length == nil ? 1 : averageLength
        let normInverse: Float = 1 / (k1 * ((1 - b) + b * documentLength / average))
        return weight - weight / (1 + Float(frequency) * normInverse)
    }

    /// ``score(weight:frequency:length:averageLength:)`` for a phrase's fractional frequency
    /// (sloppy matches count less than one).
    static func score(weight: Float, phraseFrequency frequency: Float, length: UInt32?, averageLength: Float)
        -> Float
    {
        let documentLength = length.map { Float($0) } ?? 1
        let average = length == nil ? 1 : averageLength
        let normInverse: Float = 1 / (k1 * ((1 - b) + b * documentLength / average))
        return weight - weight / (1 + frequency * normInverse)
    }
}
