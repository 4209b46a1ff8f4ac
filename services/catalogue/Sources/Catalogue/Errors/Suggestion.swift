/// "Did you mean...?" for values chosen from a known list.
enum Suggestion {
    /// The candidate closest to `value` (case-insensitively) by edit distance, when it is close
    /// enough to be a likely typo (at most 2 edits, and fewer than the value's length).
    static func closest(to value: String, in candidates: [String]) -> String? {
        let lowered = Array(value.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= 2, best.distance < lowered.count else { return nil }
        return best.candidate
    }

    /// Levenshtein distance, O(n·m) time and O(m) space.
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }

    /// `'a', 'b' or 'c'`, for messages listing the accepted values.
    static func list(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
