/// A compiled glob pattern over repository-relative paths.
///
/// - `*` matches any run of characters within one path component, `?` one character,
///   `[abc]`/`[a-z]`/`[!a]` a character class.
/// - `**` as a whole component matches zero or more components (`ci/**`, `**/*.md`).
/// - A pattern without `/` matches the last component at any depth, like `.gitignore`
///   (`*.md` matches `docs/guide/intro.md`); a leading `/` anchors it to the root instead.
/// - A trailing `/` (`Fixtures/`) matches everything inside that directory.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let components: [[UInt8]]
    private let matchesBasename: Bool

    /// Compiles a pattern; an empty pattern is rejected.
    public init?(_ pattern: String) {
        var text = pattern
        guard !text.isEmpty else { return nil }
        var anchored = false
        if text.hasPrefix("/") {
            anchored = true
            text.removeFirst()
        }
        if text.hasSuffix("/") { text += "**" }
        while text.hasPrefix("./") { text.removeFirst(2) }
        guard !text.isEmpty else { return nil }
        self.pattern = pattern
        self.components = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
        self.matchesBasename = !anchored && !text.contains("/")
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether a repository-relative path matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
        if matchesBasename {
            guard let last = parts.last, let only = components.first else { return false }
            return only == Glob.doubleStar || Glob.matchComponent(only[...], last[...])
        }
        return Glob.matchComponents(components[...], parts[...])
    }

    private static let doubleStar: [UInt8] = Array("**".utf8)

    private static func matchComponents(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == doubleStar {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var tail = path
            while true {
                if matchComponents(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(first[...], component[...]) else { return false }
        return matchComponents(pattern.dropFirst(), path.dropFirst())
    }

    /// Matches one component with `*`, `?` and character classes (iterative, with backtracking on `*`).
    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var starP: Int? = nil
        var starT = t
        while t < text.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == UInt8(ascii: "*") {
                    starP = p
                    starT = t
                    p += 1
                    continue
                }
                if c == UInt8(ascii: "?") {
                    p += 1
                    t += 1
                    continue
                }
                if c == UInt8(ascii: "["), let (matched, next) = matchClass(pattern, at: p, byte: text[t]) {
                    if matched {
                        p = next
                        t += 1
                        continue
                    }
                } else if c == text[t] {
                    p += 1
                    t += 1
                    continue
                }
            }
            guard let star = starP else { return false }
            p = star + 1
            starT += 1
            t = starT
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches a `[...]` class at `start`; nil when the bracket is not closed (then it is a literal).
    private static func matchClass(_ pattern: ArraySlice<UInt8>, at start: Int, byte: UInt8) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < pattern.endIndex, pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^") {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < pattern.endIndex {
            let c = pattern[i]
            if c == UInt8(ascii: "]"), !first { return (matched != negate, i + 1) }
            first = false
            if i + 2 < pattern.endIndex, pattern[i + 1] == UInt8(ascii: "-"),
                pattern[i + 2] != UInt8(ascii: "]")
            {
                if c <= byte, byte <= pattern[i + 2] { matched = true }
                i += 3
            } else {
                if c == byte { matched = true }
                i += 1
            }
        }
        return nil
    }
}
