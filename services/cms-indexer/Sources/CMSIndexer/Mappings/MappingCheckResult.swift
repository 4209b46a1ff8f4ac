import ESModels

/// The outcome of comparing the mapping copy with the index definitions, file by file.
///
/// A comparison that could not be made is an error, never "in sync": ``exitCode`` is 0 only
/// when every file was read, parsed and found identical byte for byte.
public struct MappingCheckResult: Sendable {
    /// How one file compares.
    public enum Status: Sendable, Equatable {
        /// Identical, byte for byte.
        case inSync
        /// The index exists but its file does not.
        case missing
        /// A file for an index that no longer exists.
        case stale
        /// Same structure, but not in canonical form (hand-formatted).
        case formattingDiffers
        /// Structurally different: the changes that turn the copy into the definition.
        case differs(MappingDiff)
        /// The file could not be read (error).
        case unreadable(String)
        /// The file is not a valid index definition (error).
        case invalid(String)

        /// Whether the comparison could not be made.
        public var isError: Bool {
            switch self {
            case .unreadable, .invalid: true
            default: false
            }
        }

        /// Whether the copy differs from the definition.
        public var isDrift: Bool {
            switch self {
            case .missing, .stale, .formattingDiffers, .differs: true
            default: false
            }
        }
    }

    /// One compared file.
    public struct Entry: Sendable, Equatable {
        /// The index name (the file's base name).
        public var index: String
        /// The file's path as reports show it.
        public var path: String
        /// How it compares.
        public var status: Status

        /// Creates an entry.
        public init(index: String, path: String, status: Status) {
            self.index = index
            self.path = path
            self.status = status
        }
    }

    /// Every index and every stale file, sorted by index name.
    public var entries: [Entry]
    /// Set when the directory itself could not be listed: nothing was compared.
    public var directoryError: String?

    /// Creates a result.
    public init(entries: [Entry], directoryError: String? = nil) {
        self.entries = entries
        self.directoryError = directoryError
    }

    /// The entries that differ.
    public var drifted: [Entry] { entries.filter(\.status.isDrift) }

    /// The entries that could not be compared.
    public var failed: [Entry] { entries.filter(\.status.isError) }

    /// Whether every comparison was made and found identical.
    public var isClean: Bool { directoryError == nil && entries.allSatisfy { $0.status == .inSync } }

    /// 0 in sync, 1 drift, 2 when some comparison could not be made.
    public var exitCode: Int32 {
        if directoryError != nil || !failed.isEmpty { return 2 }
        return drifted.isEmpty ? 0 : 1
    }
}
