import Dispatch

/// What a file is in a data directory, which decides how its damage is read.
enum JournalFileRole: Sendable, Equatable {
    /// The snapshot: sequences are ordinals from 1.
    case snapshot
    /// A log segment: the lsn of its first record (from its name) and the first lsn of the
    /// segment after it (`nil` for the newest, whose end may be torn).
    case segment(firstLSN: UInt64, nextFirstLSN: UInt64?)

    var isNewestSegment: Bool {
        if case .segment(_, nil) = self { return true }
        return false
    }
}

/// What one file held: its intact records, its damage and a torn end.
struct JournalFileSummary: Sendable {
    var path: String
    var size: Int
    /// Intact, decoded records.
    var records = 0
    /// Intact records by index (`""`: records of the whole engine).
    var recordsByIndex: [String: Int] = [:]
    var damages: [JournalDamage] = []
    var tornTail: TornTail?
    /// The sequence of the last intact record.
    var lastSequence: UInt64?
    var isCurrentFormat = true
}

/// Reads one record file: decodes its intact records in order and accounts for its damage.
enum JournalFileReader {
    /// What reading a file meets, in file order.
    enum Event {
        /// An intact record, with the sequence its header states (format 2).
        case record(StoredRecord, sequence: UInt64?)
        /// Damage (reported before the records after it).
        case damage(JournalDamage)
    }

    /// Reads `bytes`, the content of `path`, calling `visit` for every record and damage.
    ///
    /// - Parameters:
    ///   - hints: whether to decode damaged payloads for what they still say (for `check` and
    ///     `repair`; the engine does not need it).
    ///   - sourcesAsText: whether document records come as
    ///     ``JournalRecord/putText(index:id:version:seqNo:sourceText:)`` (a snapshot restored
    ///     from its index images).
    static func read(
        path: String, bytes: [UInt8], role: JournalFileRole, hints: Bool = false, sourcesAsText: Bool = false,
        _ visit: (Event) throws -> Void
    ) rethrows -> JournalFileSummary {
        let isSnapshot = role == .snapshot
        let scanned = RecordScanner.scan(
            bytes, magic: isSnapshot ? RecordFraming.snapshotMagic : RecordFraming.walMagic,
            legacyMagic: isSnapshot ? RecordFraming.legacySnapshotMagic : RecordFraming.legacyWALMagic)
        var summary = JournalFileSummary(
            path: path, size: bytes.count, isCurrentFormat: scanned.isCurrentFormat)
        let pieces = scanned.pieces
        let runs = damageRuns(pieces)
        var damageAt: [Int: JournalDamage] = [:]
        for run in runs {
            let (damage, torn) = account(run, in: pieces, bytes: bytes, path: path, role: role, hints: hints)
            if let torn { summary.tornTail = torn }
            if let damage { damageAt[run.lowerBound] = damage }
        }
        // Decoded a window at a time: a snapshot's documents decoded all at once would hold
        // every source as a tree at the same time (more than the engine keeps of them).
        var predecoded: [Result<StoredRecord, RecordCodec.DecodingFailure>?]?
        var window = 0..<0
        for (position, piece) in pieces.enumerated() {
            if !window.contains(position) {
                window = position..<min(pieces.count, position + decodingWindow)
                predecoded = decodeConcurrently(pieces[window], bytes: bytes, sourcesAsText: sourcesAsText)
            }
            if let damage = damageAt[position] {
                summary.damages.append(damage)
                try visit(.damage(damage))
            }
            guard case .record(let record) = piece else { continue }
            let decoded: StoredRecord
            do throws(RecordCodec.DecodingFailure) {
                if let result = predecoded?[position - window.lowerBound] {
                    decoded = try result.get()
                } else {
                    decoded = try RecordCodec.decode(bytes[record.payload], sourcesAsText: sourcesAsText)
                }
            } catch {
                let damage = undecodable(
                    record, reason: error.reason, bytes: bytes, path: path, pieces: pieces, after: position,
                    isCurrentFormat: scanned.isCurrentFormat)
                summary.damages.append(damage)
                try visit(.damage(damage))
                continue
            }
            summary.records += 1
            summary.recordsByIndex[decoded.scope, default: 0] += 1
            summary.lastSequence = record.sequence ?? decoded.lsn ?? summary.lastSequence
            try visit(.record(decoded, sequence: record.sequence))
        }
        return summary
    }

    /// Records decoded in chunks of this many at a time, on every core.
    static let decodingChunk = 2048

    /// Records decoded before they are visited (and can be freed), in chunks.
    static let decodingWindow = 8 * decodingChunk

    /// The intact records of `window` decoded on every core, by position in the window (`nil`
    /// for damage); `nil` for a window too small to be worth it. Records are independent of
    /// each other, and decoding their documents' sources is the largest part of reading a
    /// snapshot.
    private static func decodeConcurrently(
        _ window: ArraySlice<ScannedFile.Piece>, bytes: [UInt8], sourcesAsText: Bool
    ) -> [Result<StoredRecord, RecordCodec.DecodingFailure>?]? {
        let pieces = Array(window)
        let chunks = (pieces.count + decodingChunk - 1) / decodingChunk
        guard chunks > 1 else { return nil }
        var results = [Result<StoredRecord, RecordCodec.DecodingFailure>?](
            repeating: nil, count: pieces.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = ChunkOutput(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * decodingChunk
                for position in start..<min(pieces.count, start + decodingChunk) {
                    guard case .record(let record) = pieces[position] else { continue }
                    do throws(RecordCodec.DecodingFailure) {
                        output.buffer[position] = .success(
                            try RecordCodec.decode(bytes[record.payload], sourcesAsText: sourcesAsText))
                    } catch {
                        output.buffer[position] = .failure(error)
                    }
                }
            }
        }
        return results
    }

    /// The results buffer the decoding chunks write into, each its own range of positions.
    private struct ChunkOutput: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result<StoredRecord, RecordCodec.DecodingFailure>?>
    }

    /// Maximal runs of consecutive damaged pieces, as ranges of piece positions.
    private static func damageRuns(_ pieces: [ScannedFile.Piece]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (position, piece) in pieces.enumerated() {
            if case .damage = piece {
                if start == nil { start = position }
            } else if let first = start {
                runs.append(first..<position)
                start = nil
            }
        }
        if let first = start { runs.append(first..<pieces.count) }
        return runs
    }

    /// The damage a run of damaged pieces stands for, and the torn end it holds (only at the end
    /// of the newest segment).
    private static func account(
        _ run: Range<Int>, in pieces: [ScannedFile.Piece], bytes: [UInt8], path: String,
        role: JournalFileRole,
        hints: Bool
    ) -> (JournalDamage?, TornTail?) {
        var damaged = pieces[run].compactMap { piece -> ScannedFile.Damage? in
            if case .damage(let damage) = piece { return damage }
            return nil
        }
        let atEnd = run.upperBound == pieces.count
        var tornTail: TornTail?
        var nextSequence: UInt64?
        if atEnd, role.isNewestSegment, let last = damaged.last, isTorn(last, fileSize: bytes.count) {
            tornTail = TornTail(
                file: path, offset: last.offset, droppedBytes: bytes.count - last.offset,
                reason: last.reason)
            nextSequence = last.sequence
            damaged.removeLast()
        }
        guard let first = damaged.first, let last = damaged.last else { return (nil, tornTail) }

        let previousSequence: UInt64? =
            run.lowerBound == 0
            ? baseSequence(role) : sequence(of: pieces[run.lowerBound - 1], bytes: bytes)
        if nextSequence == nil {
            if atEnd {
                if case .segment(_, let next?) = role { nextSequence = next }
            } else {
                nextSequence = sequence(of: pieces[run.upperBound], bytes: bytes)
            }
        }
        var byIndex: [String: Int] = [:]
        var attributed = 0
        var wholeRecords = 0
        var unknownExtent = false
        var notes: [String] = []
        for piece in damaged {
            switch piece.kind {
            case .fileHeader:
                continue
            case .unreadable:
                unknownExtent = true
            case .headerDamaged(let payload):
                wholeRecords += 1
                if let record = try? RecordCodec.decode(bytes[payload]) {
                    byIndex[record.scope, default: 0] += 1
                    attributed += 1
                    if hints, notes.count < 5 { notes.append(describe(record, at: piece.offset)) }
                }
            case .checksumMismatch, .cutShort, .undecodable:
                wholeRecords += 1
                if let scope = piece.scope {
                    byIndex[scope, default: 0] += 1
                    attributed += 1
                }
                if hints, notes.count < 5, piece.kind == .checksumMismatch, let scope = piece.scope {
                    let start =
                        piece.offset + RecordFraming.fixedHeaderLength + RecordFraming.scopeBytes(scope).count
                    if start < piece.end, let record = try? RecordCodec.decode(bytes[start..<piece.end]) {
                        notes.append(describe(record, at: piece.offset) + " (its checksum failed)")
                    }
                }
            }
        }
        var lost: Int?
        var lostSequences: ClosedRange<UInt64>?
        if let previousSequence, let nextSequence, nextSequence > previousSequence,
            Int(nextSequence - previousSequence - 1) >= max(wholeRecords, unknownExtent ? 1 : 0)
        {
            lost = Int(nextSequence - previousSequence - 1)
            if nextSequence - previousSequence >= 2 {
                lostSequences = (previousSequence + 1)...(nextSequence - 1)
            }
        } else if !unknownExtent, atEnd {
            // The file ends with these whole records: nothing else can have been there.
            lost = wholeRecords
        } else if damaged.allSatisfy({ $0.kind == .fileHeader }) {
            lost = 0
        }
        let unattributed = lost.map { max(0, $0 - attributed) }
        let damage = JournalDamage(
            file: path, offset: first.offset, length: last.end - first.offset,
            reason: damaged.first { $0.kind != .fileHeader }?.reason ?? first.reason,
            lostSequences: lostSequences,
            lostRecords: lost, lostByIndex: byIndex, unattributed: unattributed,
            intactRecordsAfter: pieces[run.upperBound...].filter {
                if case .record = $0 { return true }
                return false
            }.count, hints: notes)
        return (damage, tornTail)
    }

    /// Whether a damaged piece at the very end of the newest segment is a torn write: an
    /// incomplete record, bytes holding no record, or a segment cut before its header was whole.
    private static func isTorn(_ damage: ScannedFile.Damage, fileSize: Int) -> Bool {
        switch damage.kind {
        case .cutShort, .unreadable: true
        case .fileHeader: fileSize <= RecordFraming.magicLength
        case .checksumMismatch, .headerDamaged, .undecodable: false
        }
    }

    /// The sequence before a file's first record.
    private static func baseSequence(_ role: JournalFileRole) -> UInt64? {
        switch role {
        case .snapshot: 0
        case .segment(let first, _): first > 0 ? first - 1 : 0
        }
    }

    /// The sequence of an intact record (from its header, or its payload in format 1).
    private static func sequence(of piece: ScannedFile.Piece, bytes: [UInt8]) -> UInt64? {
        guard case .record(let record) = piece else { return nil }
        if let sequence = record.sequence { return sequence }
        return (try? RecordCodec.decode(bytes[record.payload]))?.lsn
    }

    /// An intact record whose payload does not decode: one record lost.
    private static func undecodable(
        _ record: ScannedFile.Record, reason: String, bytes: [UInt8], path: String,
        pieces: [ScannedFile.Piece],
        after position: Int, isCurrentFormat: Bool
    ) -> JournalDamage {
        let scope: String? = bytes.withUnsafeBytes { RecordFraming.header($0, at: record.offset)?.scope }
        let after = pieces[(position + 1)...].filter {
            if case .record = $0 { return true }
            return false
        }.count
        return JournalDamage(
            file: path, offset: record.offset, length: record.payload.upperBound - record.offset,
            reason: "the record cannot be decoded (\(reason))",
            lostSequences: record.sequence.map { $0...$0 }, lostRecords: 1,
            lostByIndex: scope.map { [$0: 1] } ?? [:], unattributed: scope == nil ? 1 : 0,
            intactRecordsAfter: after)
    }

    /// A record as a report names it.
    static func describe(_ record: StoredRecord, at offset: Int) -> String {
        let what: String
        switch record {
        case .change(_, .put(let index, let id, let version, _, _)),
            .change(_, .putText(let index, let id, let version, _, _)):
            what = "a write of document '\(id)' (version \(version)) in '\(index)'"
        case .change(_, .delete(let index, let id, _, _)): what = "a delete of document '\(id)' in '\(index)'"
        case .change(_, .createIndex(let name, _, _, _, _)): what = "the creation of index '\(name)'"
        case .change(_, .deleteIndex(let name)): what = "the deletion of index '\(name)'"
        case .change(_, .mapping(let index, _)): what = "a mapping of '\(index)'"
        case .change(_, .aliases): what = "the alias table"
        case .change(_, .settings(let index, _)): what = "the settings of '\(index)'"
        case .change(_, .templates): what = "the index template table"
        case .change(_, .clusterMetadata): what = "the cluster metadata"
        case .snapshotHeader: what = "the snapshot header"
        case .snapshotEnd: what = "the snapshot's end record"
        case .indexCounters(let index, _): what = "the counters of '\(index)'"
        }
        return "byte \(offset): \(what)"
    }
}

extension StoredRecord {
    /// The index the record belongs to; `""` for records of the whole engine.
    var scope: String {
        switch self {
        case .change(_, let change):
            switch change {
            case .createIndex(let name, _, _, _, _), .deleteIndex(let name): name
            case .mapping(let index, _), .put(let index, _, _, _, _), .putText(let index, _, _, _, _),
                .delete(let index, _, _, _), .settings(let index, _):
                index
            case .aliases, .templates, .clusterMetadata: ""
            }
        case .indexCounters(let index, _): index
        case .snapshotHeader, .snapshotEnd: ""
        }
    }

    /// The log sequence number of a change read from a log segment.
    var lsn: UInt64? {
        if case .change(let lsn, _) = self { return lsn }
        return nil
    }
}
