/// "Did you mean ...?" suggestions by edit distance.
///
/// The dependency-free copy of `packages/cli-kit`'s `NearMatch` (the root package depends on
/// nothing), with the same rule: change both.
public enum NearMatch {
    /// The candidate closest to `word` (case-insensitive), if it is close enough to be a likely
    /// typo: at most `max(2, word.count / 3)` edits, and fewer edits than `word` has characters.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (distance: Int, candidate: String)? = nil
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
        }
        guard let best, best.distance <= max(2, lowered.count / 3), best.distance < lowered.count else {
            return nil
        }
        return best.candidate
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
