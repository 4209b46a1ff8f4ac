/// What `mappings sync` changed, file by file.
public struct MappingSyncReport: Sendable, Equatable {
    /// What happened to one file.
    public enum Action: String, Sendable, Equatable {
        /// Written for the first time.
        case created
        /// Rewritten because its content differed.
        case updated
        /// Already identical; left alone.
        case unchanged
        /// Removed: its index no longer exists.
        case removed
    }

    /// One file.
    public struct Entry: Sendable, Equatable {
        /// The file's path as reports show it.
        public var path: String
        /// What happened.
        public var action: Action
        /// For an update, the structural changes (empty when only formatting differed).
        public var changes: String?
    }

    /// Every file, sorted by path.
    public var entries: [Entry]

    /// Whether any file was written or removed.
    public var changedAnything: Bool { entries.contains { $0.action != .unchanged } }

    /// Readable lines: one per changed file, then a summary.
    public var text: String {
        var lines: [String] = []
        for entry in entries where entry.action != .unchanged {
            switch entry.action {
            case .created: lines.append("created \(entry.path)")
            case .removed: lines.append("removed \(entry.path) (no such index)")
            case .updated:
                lines.append("updated \(entry.path)")
                if let changes = entry.changes {
                    lines += changes.split(separator: "\n").map { "  \($0)" }
                }
            case .unchanged: break
            }
        }
        let count = { (action: Action) in self.entries.filter { $0.action == action }.count }
        if changedAnything {
            var parts: [String] = []
            for action in [Action.created, .updated, .removed, .unchanged] where count(action) > 0 {
                parts.append("\(count(action)) \(action.rawValue)")
            }
            lines.append("mapping copy synced: \(parts.joined(separator: ", "))")
        } else {
            lines.append("mapping copy already up to date (\(entries.count) files)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
