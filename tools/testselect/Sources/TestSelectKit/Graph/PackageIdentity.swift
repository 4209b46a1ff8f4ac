/// SwiftPM's package identities.
public enum PackageIdentity {
    /// The identity of a path: its last component, lower-cased.
    public static func forPath(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let last = trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
        return last.lowercased()
    }

    /// The identity of a source-control URL: its last component without `.git`, lower-cased.
    public static func forURL(_ url: String) -> String {
        var trimmed = Substring(url)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if let separator = trimmed.lastIndex(where: { $0 == "/" || $0 == ":" }) {
            trimmed = trimmed[trimmed.index(after: separator)...]
        }
        if trimmed.hasSuffix(".git") { trimmed = trimmed.dropLast(4) }
        return trimmed.lowercased()
    }
}
