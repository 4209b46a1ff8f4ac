import Foundation

/// Existence checks on the real file system.
package enum FileSystemProbe {
    /// Whether a file or directory exists at an absolute path.
    package static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
