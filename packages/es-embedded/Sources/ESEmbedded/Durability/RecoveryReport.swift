/// What opening a data directory found and did: how much it read, how long it took, a torn end it
/// cut off, and the indices it could not open because their records are damaged.
public struct RecoveryReport: Sendable, Equatable {
    /// How long reading the snapshot and the log took.
    public var duration: Duration = .zero
    /// Records read from the snapshot.
    public var snapshotRecords = 0
    /// Indices loaded from their index images (not indexed again).
    public var restoredIndexImages: [String] = []
    /// The last log sequence number the snapshot includes (0 without a snapshot).
    public var snapshotLSN: UInt64 = 0
    /// Bytes of the snapshot file.
    public var snapshotBytes = 0
    /// Log segments read.
    public var segments = 0
    /// Bytes of the log segments read.
    public var logBytes = 0
    /// Log records replayed (those after the snapshot).
    public var replayedRecords = 0
    /// The torn end of the newest segment that was cut off, if any.
    public var tornTail: TornTail?
    /// Damage that costs nothing: records the snapshot already holds, a damaged file header, an
    /// index deleted after its damage.
    public var harmlessDamage: [JournalDamage] = []
    /// Indices that are not served because their records are damaged, with the damage.
    public var failedIndices: [String: IndexFailure] = [:]
    /// Whether a `snapshot.tmp` left by an interrupted snapshot was removed.
    public var removedTemporarySnapshot = false

    /// Creates an empty report.
    public init() {}

    /// One line for the log: what was read and how long it took.
    public var summary: String {
        var text =
            "recovered in \(Self.seconds(duration)): "
            + (snapshotBytes > 0
                ? "snapshot of \(snapshotRecords) records (\(Self.megabytes(snapshotBytes)), lsn \(snapshotLSN)"
                    + (restoredIndexImages.isEmpty ? "" : ", \(restoredIndexImages.count) index images") + ")"
                : "no snapshot")
            + ", \(segments) log segment\(segments == 1 ? "" : "s") (\(Self.megabytes(logBytes))), "
            + "\(replayedRecords) log record\(replayedRecords == 1 ? "" : "s") replayed"
        if let tornTail { text += "; cut off \(tornTail)" }
        if !failedIndices.isEmpty {
            text += "; not serving damaged ind\(failedIndices.count == 1 ? "ex" : "ices") "
            text += failedIndices.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        }
        return text
    }

    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return bytes < 10_240 ? "\(bytes) bytes" : "\(bytes >> 10) KiB" }
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? "\(Int(value.rounded())) MiB" : "\((value * 10).rounded() / 10) MiB"
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds < 1000
            ? "\(Int(milliseconds.rounded())) ms" : "\((milliseconds / 100).rounded() / 10) s"
    }
}

/// Why an index is not served: its damaged records, and the commands that repair it.
public struct IndexFailure: Sendable, Equatable, CustomStringConvertible {
    /// The index.
    public var index: String
    /// The data directory it lives in.
    public var dataDirectory: String
    /// The damage that cost it records.
    public var damages: [JournalDamage]

    /// Creates a failure.
    public init(index: String, dataDirectory: String, damages: [JournalDamage]) {
        self.index = index
        self.dataDirectory = dataDirectory
        self.damages = damages
    }

    /// The damage and what to do.
    public var description: String {
        let first = damages.first.map { "\($0)" } ?? "damaged records"
        let more = damages.count > 1 ? " (and \(damages.count - 1) more damaged regions)" : ""
        return "its records are damaged: \(first)\(more); it is not served until an operator acts: "
            + RepairAdvice.commands(dataDirectory: dataDirectory, indices: [index])
    }
}

/// The operator commands a damage message ends with.
enum RepairAdvice {
    /// `check`, then `repair` of the named indices (or of everything with `--all`).
    static func commands(dataDirectory: String, indices: [String]?) -> String {
        "run 'es-embedded check --data \(shellQuoted(dataDirectory))' to see what is damaged, then '"
            + repairCommand(dataDirectory: dataDirectory, indices: indices)
            + "' to keep every intact record (damaged files are moved aside, not deleted)"
    }

    /// The `repair` command for the named indices (`nil`: `--all`).
    static func repairCommand(dataDirectory: String, indices: [String]?) -> String {
        let target = indices.map { "--index \($0.joined(separator: ","))" } ?? "--all"
        return "es-embedded repair --data \(shellQuoted(dataDirectory)) \(target)"
    }

    /// `text` as a shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/._-+,:@%=".utf8.contains(byte)
        }
        guard !plain || text.isEmpty else { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            + "'"
    }
}
