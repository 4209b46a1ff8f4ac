/// The files of one state of a repository (a commit, the working tree, or a plain directory).
public struct FileListing: Sendable {
    /// Repository-relative file paths.
    public let files: [String]
    /// Every directory holding at least one of the files, `.` included.
    public let directories: Set<String>

    /// Builds a listing, computing the directories.
    public init(files: [String]) {
        self.files = files
        var directories: Set<String> = ["."]
        // Scans bytes, not Characters: '/' is ASCII, and grapheme breaking dominated large listings.
        for file in files {
            var current = file
            while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
                current = String(current[..<slash])
                if !directories.insert(current).inserted { break }
            }
        }
        self.directories = directories
    }

    /// Whether a repository-relative directory exists in this state.
    public func isDirectory(_ path: String) -> Bool {
        directories.contains(path)
    }

    /// Directories whose name marks tool output or dependency checkouts, never part of the repository's packages.
    public static let skippedDirectoryNames: Set<String> = [".build", ".swiftpm", "checkouts", ".git"]

    /// Whether a path lies inside a skipped directory.
    public static func isInSkippedDirectory(_ path: String) -> Bool {
        let utf8 = path.utf8
        var start = utf8.startIndex
        while let slash = utf8[start...].firstIndex(of: UInt8(ascii: "/")) {
            if skippedDirectoryNames.contains(String(path[start..<slash])) { return true }
            start = utf8.index(after: slash)
        }
        return false
    }
}
