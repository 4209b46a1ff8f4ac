/// What `es-embedded repair` did: the damage whose records it dropped, what it kept, and where
/// the damaged files went.
public struct RepairReport: Sendable {
    /// The data directory.
    public var directory: String
    /// Whether anything was repaired (`false`: nothing was damaged, nothing changed).
    public var repaired: Bool
    /// The damage whose records were dropped.
    public var dropped: [JournalDamage]
    /// Intact records kept (snapshot and log).
    public var keptRecords: Int
    /// Intact records that could not be applied (typically writes to an index whose creation
    /// was among the dropped records).
    public var unappliedRecords: Int
    /// Where the damaged files were moved (inside the data directory).
    public var movedTo: String?
    /// The files moved there.
    public var movedFiles: [String]
    /// The lsn of the new snapshot.
    public var snapshotLSN: UInt64
    /// Live documents per index in the new snapshot.
    public var documents: [String: Int]
}

/// Which damage a repair may drop.
public enum RepairScope: Sendable, Equatable {
    /// Only records of these indices (refused when other damage exists).
    case indices([String])
    /// Every damaged record, the engine's own included.
    case all
}
