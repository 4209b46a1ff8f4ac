import Dispatch
import Foundation
import Synchronization

extension Journal {
    /// What recovery hands to the engine being rebuilt, in order.
    enum RecoveryEvent {
        /// A record to apply.
        case record(StoredRecord)
        /// An index whose records are damaged: drop what was applied of it; its later records
        /// are not applied.
        case indexFailed(String)
        /// After the snapshot's records, before the log's (opening only): the intact index images
        /// written with the snapshot (read meanwhile, on another thread).
        case snapshotLoaded(images: [String: IndexImage.Content])
    }

    /// How recovery treats what it reads.
    enum RecoveryMode {
        /// Opening the engine: records of failed indices are not applied, and reading stops at
        /// damage that fails the whole engine.
        case open
        /// `check`: every file is read to its end and nothing is applied.
        case inspect
        /// `repair`: every intact record is applied, whatever the damage.
        case salvage
    }

    /// What recovery read, and what opening the journal must do to the files.
    struct Recovered {
        var report = RecoveryReport()
        var lastLSN: UInt64 = 0
        /// The newest segment's torn end, to cut off.
        var cut: (path: String, offset: Int)?
        /// Every file read, in order (the snapshot first).
        var files: [JournalFileSummary] = []
        /// Damage that fails the whole engine.
        var engineDamage: [JournalDamage] = []
        /// The highest lsn a damaged record's header states (new segments start after it).
        var highestDamagedLSN: UInt64 = 0
        /// The first lsn of the newest segment, and whether it holds anything after its magic
        /// once a torn end is cut (then a new segment must not take its name).
        var newestSegment: (firstLSN: UInt64, holdsRecords: Bool)?
        /// Records that could not be applied (salvage: typically records of an index whose
        /// creation was lost).
        var unapplied = 0

        /// The lsn a new segment starts at: after every record read, every damaged record, and
        /// every existing segment's name (so lsns are never reused and segment names keep their
        /// order, which damage accounting relies on).
        var nextLSN: UInt64 {
            var next = max(lastLSN, highestDamagedLSN) + 1
            if let newest = newestSegment {
                next = max(next, newest.firstLSN + (newest.holdsRecords ? 1 : 0))
            }
            return next
        }
    }

    /// How often recovery reports its progress.
    static let progressInterval: Duration = .seconds(1)

    /// Reads the snapshot, then the log after it, handing the records to apply to `apply`
    /// (which ones depends on `mode`), and deciding what damage means (``DamagePolicy``).
    /// Changes no file.
    ///
    /// - Throws: ``EmbeddedEngineError`` when a file cannot be read.
    static func recover(
        directory: String, mode: RecoveryMode, log: @Sendable (String) -> Void = { _ in },
        warn: @Sendable (String) -> Void, apply: (RecoveryEvent) throws -> Void
    ) throws -> Recovered {
        let started = ContinuousClock.now
        var recovered = Recovered()
        var policy = DamagePolicy()
        func applyRecord(_ record: StoredRecord) {
            guard mode != .inspect else { return }
            do {
                try apply(.record(record))
            } catch {
                recovered.unapplied += 1
                warn(
                    "es-embedded: warning: a record of '\(directory)' could not be applied (\(error)); skipped"
                )
            }
        }
        func admits(_ record: StoredRecord) -> Bool {
            let admitted = policy.admits(record)
            return mode == .salvage || admitted
        }
        func takeDamage(_ damage: JournalDamage, inSnapshot: Bool) throws {
            let failed = policy.take(damage, inSnapshot: inSnapshot)
            guard mode == .open else { return }
            for index in failed { try apply(.indexFailed(index)) }
        }

        let snapshot = path(directory, snapshotName)
        if FileManager.default.fileExists(atPath: snapshot) {
            let bytes = try readFile(snapshot)
            let images = Mutex<(found: [String: IndexImage.Content], problem: String?)>(([:], nil))
            var imagesRead = DispatchGroup()
            var sourcesAsText = false
            if mode == .open, let lsn = snapshotHeaderLSN(bytes) {
                // Documents restored from the images are kept as text: decode them straight to it.
                sourcesAsText = FileManager.default.fileExists(
                    atPath: path(directory, IndexImageFile.name(lsn: lsn)))
                // Read while the snapshot's records are decoded: the two take about as long.
                imagesRead = BlockingWorkThreads.onThreadOfItsOwn(named: "es-embedded.images.read") {
                    let read = IndexImageFile.read(directory: directory, lsn: lsn)
                    images.withLock { $0 = (read.images, read.problem) }
                }
            }
            var header: UInt64?
            var end: Int?
            var counted = 0
            let summary = try JournalFileReader.read(
                path: snapshot, bytes: bytes, role: .snapshot, hints: mode != .open,
                sourcesAsText: sourcesAsText
            ) { event in
                switch event {
                case .damage(let damage):
                    try takeDamage(damage, inSnapshot: true)
                case .record(.snapshotHeader(let lsn), _):
                    header = lsn
                    policy.snapshotLSN = lsn
                case .record(.snapshotEnd(let records), _):
                    end = records
                case .record(let record, _):
                    counted += 1
                    if admits(record) { applyRecord(record) }
                }
            }
            imagesRead.wait()
            let (found, problem) = images.withLock { $0 }
            if let problem {
                warn(
                    "es-embedded: warning: index images '\(IndexImageFile.name(lsn: header ?? 0))' not all used (\(problem))"
                )
            }
            if mode == .open { try apply(.snapshotLoaded(images: found)) }
            recovered.files.append(summary)
            recovered.report.snapshotRecords = summary.records
            recovered.report.snapshotBytes = summary.size
            recovered.report.snapshotLSN = header ?? 0
            recovered.lastLSN = header ?? 0
            if summary.damages.isEmpty, header == nil || end == nil || end != counted {
                let problem =
                    header == nil
                    ? "it does not start with a header"
                    : end == nil
                        ? "it has no end record: it is incomplete"
                        : "it holds \(counted) records, its end record says \(end ?? 0)"
                _ = policy.take(
                    JournalDamage(
                        file: snapshot, offset: 0, length: bytes.count, reason: problem, lostSequences: nil,
                        lostRecords: nil, lostByIndex: [:], unattributed: nil, intactRecordsAfter: 0),
                    inSnapshot: true)
            }
        }

        let segments = try segmentFiles(directory)
        let logBytes = segments.reduce(0) { $0 + fileSize($1.path) }
        var lastProgress = ContinuousClock.now
        var bytesBefore = 0
        for (position, segment) in segments.enumerated() {
            if mode == .open, !policy.engineDamage.isEmpty { break }
            let bytes = try readFile(segment.path)
            let next = position + 1 < segments.count ? segments[position + 1].firstLSN : nil
            let summary = try JournalFileReader.read(
                path: segment.path, bytes: bytes,
                role: .segment(firstLSN: segment.firstLSN, nextFirstLSN: next),
                hints: mode != .open
            ) { event in
                switch event {
                case .damage(let damage):
                    if let lost = damage.lostSequences {
                        recovered.highestDamagedLSN = max(recovered.highestDamagedLSN, lost.upperBound)
                    }
                    try takeDamage(damage, inSnapshot: false)
                case .record(let record, let sequence):
                    guard case .change(let lsn, _) = record else {
                        warn("es-embedded: warning: '\(segment.path)' holds a snapshot record; skipped")
                        return
                    }
                    recovered.lastLSN = max(recovered.lastLSN, lsn, sequence ?? 0)
                    guard lsn > policy.snapshotLSN else { return }
                    if admits(record) {
                        applyRecord(record)
                        recovered.report.replayedRecords += 1
                    }
                    if recovered.report.replayedRecords % 512 == 0,
                        ContinuousClock.now - lastProgress >= progressInterval
                    {
                        lastProgress = ContinuousClock.now
                        let done = logBytes > 0 ? (bytesBefore + bytes.count / 2) * 100 / logBytes : 100
                        log(
                            "es-embedded: recovering '\(directory)': about \(done) % of \(RecoveryReport.megabytes(logBytes)) of log read, "
                                + "\(recovered.report.replayedRecords) records replayed, \(RecoveryReport.seconds(ContinuousClock.now - started))"
                        )
                    }
                }
            }
            bytesBefore += bytes.count
            recovered.files.append(summary)
            recovered.report.segments += 1
            recovered.report.logBytes += summary.size
            if let lastSequence = summary.lastSequence {
                recovered.lastLSN = max(recovered.lastLSN, lastSequence)
            }
            if let torn = summary.tornTail {
                recovered.report.tornTail = torn
                recovered.cut = (segment.path, torn.offset)
            }
            if next == nil {
                let kept = summary.tornTail?.offset ?? summary.size
                recovered.newestSegment = (segment.firstLSN, kept > RecordFraming.magicLength)
            }
        }

        recovered.engineDamage = policy.engineDamage
        recovered.report.harmlessDamage = policy.harmless
        recovered.report.failedIndices = policy.failed.mapValues { damages in
            IndexFailure(index: "", dataDirectory: directory, damages: damages)
        }
        for name in recovered.report.failedIndices.keys {
            recovered.report.failedIndices[name]?.index = name
        }
        recovered.report.duration = ContinuousClock.now - started
        return recovered
    }

    /// The lsn in the header record of a snapshot's bytes, when it is intact.
    static func snapshotHeaderLSN(_ bytes: [UInt8]) -> UInt64? {
        bytes.withUnsafeBytes { buffer -> UInt64? in
            guard Array(buffer.prefix(RecordFraming.magicLength)) == RecordFraming.snapshotMagic,
                let header = RecordFraming.header(buffer, at: RecordFraming.magicLength)
            else { return nil }
            let start = RecordFraming.magicLength + header.headerLength
            guard start + header.payloadLength <= buffer.count,
                case .snapshotHeader(let lsn)? = try? RecordCodec.decode(
                    bytes[start..<(start + header.payloadLength)])
            else { return nil }
            return lsn
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
