/// Damage found in a file of a data directory (a log segment or the snapshot): where it is, which
/// records it cost and what follows it. Anything but a torn end (``TornTail``) is damage: the
/// engine does not serve what it touches until an operator repairs it.
public struct JournalDamage: Sendable, Equatable, CustomStringConvertible {
    /// The damaged file.
    public var file: String
    /// Where the damage starts, in bytes from the start of the file.
    public var offset: Int
    /// How many bytes are damaged.
    public var length: Int
    /// What is wrong at ``offset``.
    public var reason: String
    /// The sequence numbers of the records it cost (log sequence numbers in a log segment,
    /// ordinals in the snapshot), when both ends are known.
    public var lostSequences: ClosedRange<UInt64>?
    /// How many whole records it cost; `nil` when that cannot be known (the damage runs to the
    /// end of a file that nothing after it bounds).
    public var lostRecords: Int?
    /// Lost records whose index is known (from their intact headers or payloads), by index;
    /// the key `""` counts records of the whole engine (the alias table, snapshot bookkeeping).
    public var lostByIndex: [String: Int]
    /// Lost records whose index cannot be known (`nil`: an unknown number).
    public var unattributed: Int?
    /// Intact records after the damage in the same file.
    public var intactRecordsAfter: Int
    /// What damaged records still read as, where their bytes decode (unverified: their
    /// checksums failed).
    public var hints: [String]

    /// The indices whose records it cost.
    public var indices: [String] { lostByIndex.keys.filter { !$0.isEmpty }.sorted() }

    /// Whether it cost records that belong to no single index, or records whose index is unknown:
    /// then the whole engine cannot open.
    public var affectsEngine: Bool {
        (lostByIndex[""] ?? 0) > 0 || unattributed != 0
    }

    /// Where and what, as a message names it.
    public var description: String {
        var text = "'\(file)' at byte \(offset) (\(length) bytes): \(reason); "
        if let lostRecords {
            text += lostRecords == 1 ? "1 record lost" : "\(lostRecords) records lost"
            if let lostSequences {
                text +=
                    lostSequences.count == 1
                    ? " (#\(lostSequences.lowerBound))"
                    : " (#\(lostSequences.lowerBound)-\(lostSequences.upperBound))"
            }
        } else {
            text += "an unknown number of records lost"
        }
        let known = lostByIndex.sorted { $0.key < $1.key }.map { index, count in
            index.isEmpty ? "\(count) of the engine itself" : "\(count) of index '\(index)'"
        }
        var parts = known
        if let unattributed, unattributed > 0 { parts.append("\(unattributed) of an unknown index") }
        if unattributed == nil { parts.append("some of an unknown index") }
        if !parts.isEmpty { text += ": " + parts.joined(separator: ", ") }
        text +=
            intactRecordsAfter == 1
            ? "; 1 intact record follows it" : "; \(intactRecordsAfter) intact records follow it"
        return text
    }

    /// Creates a description of damage.
    public init(
        file: String, offset: Int, length: Int, reason: String, lostSequences: ClosedRange<UInt64>?,
        lostRecords: Int?, lostByIndex: [String: Int], unattributed: Int?, intactRecordsAfter: Int,
        hints: [String] = []
    ) {
        self.file = file
        self.offset = offset
        self.length = length
        self.reason = reason
        self.lostSequences = lostSequences
        self.lostRecords = lostRecords
        self.lostByIndex = lostByIndex
        self.unattributed = unattributed
        self.intactRecordsAfter = intactRecordsAfter
        self.hints = hints
    }
}

/// The end of the newest log segment cut off by a crash: an incomplete record (or bytes that
/// hold none) with no intact record after it. That write was never acknowledged (a write is
/// acknowledged only once it is whole on disk), so dropping it loses nothing.
public struct TornTail: Sendable, Equatable, CustomStringConvertible {
    /// The log segment.
    public var file: String
    /// Where the torn bytes start (the segment is cut there).
    public var offset: Int
    /// How many bytes are dropped.
    public var droppedBytes: Int
    /// What the bytes are.
    public var reason: String

    /// Where and what, as a message names it.
    public var description: String {
        "'\(file)' ends in a torn write at byte \(offset) (\(reason); \(droppedBytes) bytes)"
    }
}
