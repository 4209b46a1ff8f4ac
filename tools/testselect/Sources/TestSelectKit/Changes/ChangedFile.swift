/// One changed file of a diff.
public struct ChangedFile: Sendable, Hashable {
    /// How a file changed.
    public enum Status: String, Sendable, Hashable {
        /// Added (or untracked).
        case added = "A"
        /// Modified (also type changes and copies' targets).
        case modified = "M"
        /// Deleted.
        case deleted = "D"
        /// Renamed from `oldPath`.
        case renamed = "R"
    }

    /// The repository-relative path (the new path of a rename).
    public var path: String
    /// How it changed.
    public var status: Status
    /// The path before a rename.
    public var oldPath: String?

    /// Creates a changed file.
    public init(path: String, status: Status, oldPath: String? = nil) {
        self.path = path
        self.status = status
        self.oldPath = oldPath
    }

    /// Parses the NUL-separated fields of `git diff --name-status -z`.
    static func parseNameStatus(_ fields: [String]) -> [ChangedFile] {
        var result: [ChangedFile] = []
        var index = 0
        while index < fields.count {
            let code = fields[index]
            index += 1
            guard let letter = code.first else { continue }
            switch letter {
            case "R", "C":
                guard index + 1 < fields.count else { return result }
                let old = fields[index]
                let new = fields[index + 1]
                index += 2
                result.append(
                    letter == "R"
                        ? ChangedFile(path: new, status: .renamed, oldPath: old)
                        : ChangedFile(path: new, status: .added))
            default:
                guard index < fields.count else { return result }
                let path = fields[index]
                index += 1
                switch letter {
                case "A": result.append(ChangedFile(path: path, status: .added))
                case "D": result.append(ChangedFile(path: path, status: .deleted))
                default: result.append(ChangedFile(path: path, status: .modified))
                }
            }
        }
        return result
    }
}
