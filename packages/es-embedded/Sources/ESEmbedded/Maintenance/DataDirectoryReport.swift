/// What `es-embedded check` finds in a data directory: every file, what is intact in it, what is
/// damaged, and what the engine and a repair would make of it.
public struct DataDirectoryReport: Sendable {
    /// One file of the directory (the snapshot or a log segment).
    public struct File: Sendable {
        /// The file's path.
        public var path: String
        /// Its size in bytes.
        public var size: Int
        /// Whether it is the snapshot (otherwise a log segment).
        public var isSnapshot: Bool
        /// A segment's first lsn (from its name).
        public var firstLSN: UInt64?
        /// Intact records.
        public var records: Int
        /// Intact records by index (`""`: records of the whole engine).
        public var recordsByIndex: [String: Int]
        /// Damage in the file (harmless damage included).
        public var damages: [JournalDamage]
        /// A torn end the next start cuts off.
        public var tornTail: TornTail?
        /// Whether the file is in the current format (format 2).
        public var isCurrentFormat: Bool
    }

    /// The data directory.
    public var directory: String
    /// The snapshot, then the log segments, oldest first.
    public var files: [File]
    /// The last lsn the snapshot includes.
    public var snapshotLSN: UInt64
    /// Indices that are not served until a repair, with their damage.
    public var failedIndices: [String: [JournalDamage]]
    /// Damage that keeps the whole engine from opening.
    public var engineDamage: [JournalDamage]
    /// Damage that costs nothing.
    public var harmlessDamage: [JournalDamage]
    /// Every index with intact records.
    public var indices: [String]
    /// Whether a `snapshot.tmp` (left by an interrupted snapshot, removed at the next start) is there.
    public var temporarySnapshot: Bool
    /// Whether a running engine holds the directory (the newest segment may be growing).
    public var inUse: Bool
    /// What the snapshot's `snapshot-<lsn>.esi` holds (`nil`: no such file): a cache, never a reason
    /// to repair.
    public var indexImages: IndexImages? = nil

    /// The index images next to the snapshot (``DataDirectoryReport/indexImages``).
    public struct IndexImages: Sendable, Equatable {
        /// Indices the next start loads from their image instead of indexing their documents.
        public var usable: [String]
        /// Why some or all images are ignored (those indices are indexed from the snapshot's
        /// documents), when they are.
        public var problem: String?
    }

    /// Whether the engine would refuse to serve anything (an index, or all of it).
    public var needsRepair: Bool { !failedIndices.isEmpty || !engineDamage.isEmpty }

    /// The command that repairs the directory, when it needs one.
    public var repairCommand: String? {
        if !engineDamage.isEmpty { return RepairAdvice.repairCommand(dataDirectory: directory, indices: nil) }
        if !failedIndices.isEmpty {
            return RepairAdvice.repairCommand(dataDirectory: directory, indices: failedIndices.keys.sorted())
        }
        return nil
    }

    /// Records a repair would drop: those the damage of failed indices and of the engine cost
    /// (`nil`: an unknown number, the damage running to the end of a file nothing bounds).
    public var recordsARepairDrops: Int? {
        var seen = Set<String>()
        var total = 0
        for damage in engineDamage + failedIndices.values.flatMap({ $0 })
        where seen.insert("\(damage.file)#\(damage.offset)").inserted {
            guard let lost = damage.lostRecords else { return nil }
            total += lost
        }
        return total
    }
}
