import ESModels
import Synchronization

/// Compiled date formats by spec: compiling one costs far more than parsing a date with it,
/// and a handful of formats serve every document.
enum DateFormatCache {
    private static let formats = Mutex<[String: DateFormat]>([DateFormat.defaultSpec: DateFormat.default])

    /// The compiled `spec`.
    ///
    /// - Throws: `illegal_argument_exception` for a format that does not compile.
    static func format(_ spec: String) throws -> DateFormat {
        if let cached = formats.withLock({ $0[spec] }) { return cached }
        let compiled = try DateFormat(spec)
        formats.withLock { $0[spec] = compiled }
        return compiled
    }
}
