/// "Did you mean ...?": the one implementation of the repository's tools and services.
///
/// The root package (testselect), which depends on nothing, keeps a deliberate copy with the same
/// rule in `tools/testselect/Sources/TestSelectKit/Support/NearMatch.swift`: change both.
public enum NearMatch {
    /// The candidate closest to `word` by edit distance, compared case-insensitively, when it is
    /// close enough to be a likely typo: at most `max(2, word.count / 3)` edits, and fewer edits
    /// than `word` has characters (so a one-letter word is near nothing but itself). The first
    /// of equally close candidates wins.
    ///
    /// ```swift
    /// NearMatch.closest(to: "--prot", among: ["--port", "--host"])  // "--port"
    /// ```
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

    /// Levenshtein distance: O(n·m) time, O(m) space.
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

    /// `'a', 'b' or 'c'`, for messages listing the accepted values.
    public static func list(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `"; did you mean 'x'?"` when a near match exists, else an empty string.
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
