/// Why the static reader could not tokenize or parse a manifest.
package struct ManifestSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    var message: String
    /// 1-based line.
    var line: Int

    package var description: String { "line \(line): \(message)" }
}
