/// Pure functions on repository-relative paths: '/'-separated, no trailing slash, `.` for the root.
///
/// Every path the graph and the selection talk about goes through these helpers, so that
/// `Sources/A/`, `./Sources//A` and `Sources/A` are one and the same directory.
public enum RepoPath {
    /// Normalizes a relative path: collapses `//`, drops `.` components, resolves `..` where it can.
    ///
    /// A path that climbs above its start keeps its leading `..` components
    /// (`normalize("a/../../b") == "../b"`); the empty path becomes `.`.
    public static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether a path is already normal: non-empty, no empty, `.` or `..` components, no trailing `/`.
    static func isNormalized(_ path: String) -> Bool {
        if path == "." { return true }
        var componentStart = true
        var dots = 0
        var count = 0
        for byte in path.utf8 {
            count += 1
            if byte == UInt8(ascii: "/") {
                if componentStart || dots > 0 { return false }
                componentStart = true
                continue
            }
            if componentStart, byte == UInt8(ascii: ".") {
                dots = 1
                componentStart = false
                continue
            }
            if dots > 0 {
                dots = byte == UInt8(ascii: ".") && dots == 1 ? 2 : 0
            }
            componentStart = false
        }
        return count > 0 && !componentStart && dots == 0
    }

    /// Joins a directory and a relative path, then normalizes the result.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        if directory == "." || directory.isEmpty { return normalize(relative) }
        return normalize(directory + "/" + relative)
    }

    /// The parent directory of a path (`.` for a top-level entry and for the root itself).
    public static func parent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return String(path[..<slash])
    }

    /// The last component of a path.
    public static func basename(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Whether `path` is `directory` itself or lies inside it.
    public static func isInside(_ path: String, directory: String) -> Bool {
        if directory == "." { return !path.hasPrefix("../") && path != ".." }
        guard path.hasPrefix(directory) else { return false }
        if path.utf8.count == directory.utf8.count { return true }
        return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: directory.utf8.count)]
            == UInt8(ascii: "/")
    }

    /// The path of `path` relative to `directory`, or nil when it is not inside it.
    public static func relative(_ path: String, to directory: String) -> String? {
        guard isInside(path, directory: directory) else { return nil }
        if directory == "." { return path }
        if path.utf8.count == directory.utf8.count { return "." }
        return String(path.dropFirst(directory.count + 1))
    }

    /// The relative path that leads from `directory` to `path` (both relative to one root).
    ///
    /// `relativePath(from: "services/a", to: "packages/b") == "../../packages/b"`.
    public static func relativePath(from directory: String, to path: String) -> String {
        let from = directory == "." ? [] : directory.split(separator: "/")
        let to = path == "." ? [] : path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let downs = to[common...].map(String.init)
        let joined = (ups + downs).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// Every ancestor directory of a path, innermost first, ending with `.`.
    ///
    /// `ancestors(of: "a/b/c.swift") == ["a/b", "a", "."]`.
    public static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var current = path
        while current != "." {
            current = parent(current)
            result.append(current)
        }
        return result
    }
}
