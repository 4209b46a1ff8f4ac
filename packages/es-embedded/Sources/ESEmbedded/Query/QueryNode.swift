/// A query compiled against one index level: the documents it matches (computed once) and
/// how it scores a matching document.
final class QueryNode {
    /// The matching documents of the level.
    let matches: DocSet
    /// The score every matching document gets, when it does not depend on the document
    /// (filters, constant-score queries); lets a search skip per-document scoring.
    let constantScore: Float?
    private let scorer: (Int) -> Float

    init(matches: DocSet, constantScore: Float?, scorer: @escaping (Int) -> Float = { _ in 0 }) {
        self.matches = matches
        self.constantScore = constantScore
        self.scorer = scorer
    }

    /// A node matching `matches` with the same score for all.
    static func constant(_ matches: DocSet, score: Float) -> QueryNode {
        QueryNode(matches: matches, constantScore: score)
    }

    /// A node matching nothing.
    static func none(capacity: Int) -> QueryNode {
        QueryNode(matches: DocSet(capacity: capacity), constantScore: 0)
    }

    /// The score of a matching document.
    func score(_ doc: Int) -> Float {
        constantScore ?? scorer(doc)
    }
}
