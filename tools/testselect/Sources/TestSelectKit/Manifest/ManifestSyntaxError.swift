/// Why the static reader could not tokenize or parse a manifest.
struct ManifestSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    var message: String
    /// 1-based line.
    var line: Int

    var description: String { "line \(line): \(message)" }
}
