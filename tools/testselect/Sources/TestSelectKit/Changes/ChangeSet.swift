/// What changed between a base and a head.
public struct ChangeSet: Sendable {
    /// The base commit (the merge-base of the base revision and head), when known.
    public var base: String?
    /// The head commit, or nil for the working tree.
    public var head: String?
    /// The changed files, sorted by path.
    public var files: [ChangedFile]
    /// Set when no merge-base could be found (e.g. a shallow clone): everything must run.
    public var missingMergeBase: String?

    /// Creates a change set.
    public init(base: String?, head: String?, files: [ChangedFile], missingMergeBase: String? = nil) {
        self.base = base
        self.head = head
        self.files = files.sorted { $0.path < $1.path }
        self.missingMergeBase = missingMergeBase
    }
}
