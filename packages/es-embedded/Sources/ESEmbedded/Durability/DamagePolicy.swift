/// What damage means for the engine, decided record by record as recovery reads the files in
/// order (Elasticsearch fails a shard whose translog is corrupted; here an index is one shard).
///
/// - Damage that costs no record, or only records the snapshot already holds, is harmless.
/// - Damage that costs records of an index fails that index: its records are not applied, and
///   it is not served, until a later intact record deletes or creates it again (then the damaged
///   records no longer matter) or an operator repairs it.
/// - Damage that costs records of no single index (the snapshot's own bookkeeping), or records
///   whose index cannot be known, fails the whole engine. A lost alias table in the log is
///   superseded by a later intact one (each holds the whole table).
struct DamagePolicy: Sendable {
    /// The last lsn the snapshot includes (log damage at or before it is harmless).
    var snapshotLSN: UInt64 = 0
    private(set) var failed: [String: [JournalDamage]] = [:]
    private(set) var engine: [JournalDamage] = []
    private(set) var harmless: [JournalDamage] = []
    private var lostAliasTables: [JournalDamage] = []

    /// Takes in damage found in the snapshot (`inSnapshot`) or a log segment; returns the indices
    /// it newly fails.
    mutating func take(_ damage: JournalDamage, inSnapshot: Bool) -> [String] {
        if damage.lostRecords == 0 {
            harmless.append(damage)
            return []
        }
        if !inSnapshot, let lost = damage.lostSequences, lost.upperBound <= snapshotLSN {
            harmless.append(damage)
            return []
        }
        var newlyFailed: [String] = []
        for index in damage.indices {
            if failed[index] == nil { newlyFailed.append(index) }
            failed[index, default: []].append(damage)
        }
        if damage.unattributed != 0 || (inSnapshot && (damage.lostByIndex[""] ?? 0) > 0) {
            engine.append(damage)
        } else if (damage.lostByIndex[""] ?? 0) > 0 {
            lostAliasTables.append(damage)
        }
        return newlyFailed
    }

    /// Whether an intact record is applied; a record that deletes or creates a failed index
    /// clears its failure (what was lost belonged to the index that is gone).
    mutating func admits(_ record: StoredRecord) -> Bool {
        guard engine.isEmpty else { return false }
        switch record {
        case .change(_, .deleteIndex(let name)), .change(_, .createIndex(let name, _, _, _, _)):
            if let damages = failed.removeValue(forKey: name) { harmless += damages }
            return true
        case .change(_, .aliases):
            harmless += lostAliasTables
            lostAliasTables = []
            return true
        default:
            return failed[record.scope] == nil
        }
    }

    /// The damage that fails the whole engine, once every file is read.
    var engineDamage: [JournalDamage] {
        engine + lostAliasTables
    }
}
