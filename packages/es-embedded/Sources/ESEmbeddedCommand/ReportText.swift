import ESEmbedded
import ESEmbeddedServer
import Foundation

/// The text `es-embedded check` and `repair` print.
enum ReportText {
    static func check(_ report: DataDirectoryReport) -> String {
        var lines: [String] = []
        let segments = report.files.filter { !$0.isSnapshot }.count
        lines.append(
            "data directory '\(report.directory)': \(report.indices.count) ind\(report.indices.count == 1 ? "ex" : "ices"), "
                + (report.files.contains(where: \.isSnapshot)
                    ? "snapshot at lsn \(report.snapshotLSN)" : "no snapshot")
                + ", \(segments) log segment\(segments == 1 ? "" : "s")"
                + (report.inUse ? " (in use by a running engine: the newest segment may be growing)" : ""))
        lines.append("files:")
        let newest = report.files.last { !$0.isSnapshot }?.path
        for file in report.files {
            let name = (file.path as NSString).lastPathComponent
            var state =
                file.damages.isEmpty
                ? "intact" : "\(file.damages.count) damaged region\(file.damages.count == 1 ? "" : "s")"
            if file.tornTail != nil {
                state += ", torn last write (cut off at the next start; never acknowledged)"
            }
            if !file.isCurrentFormat { state += ", format 1" }
            if file.path == newest { state += " (newest)" }
            lines.append(
                "  \(name): \(bytes(file.size)), \(file.records) intact record\(file.records == 1 ? "" : "s"); \(state)"
            )
            for damage in file.damages {
                lines.append(
                    "    damaged: "
                        + damage.description.replacingOccurrences(of: "'\(file.path)' at ", with: ""))
                for hint in damage.hints { lines.append("      still reads as \(hint)") }
            }
            if let torn = file.tornTail {
                lines.append("    torn: byte \(torn.offset) (\(torn.droppedBytes) bytes): \(torn.reason)")
            }
        }
        lines.append("indices:")
        for index in report.indices {
            let intact = report.files.reduce(0) { $0 + ($1.recordsByIndex[index] ?? 0) }
            if let damages = report.failedIndices[index] {
                let lost = damages.reduce(0) { $0 + ($1.lostByIndex[index] ?? 0) }
                lines.append(
                    "  \(index): NOT SERVED: \(lost) record\(lost == 1 ? "" : "s") lost in \(damages.count) damaged region\(damages.count == 1 ? "" : "s"), \(intact) intact"
                )
            } else {
                lines.append("  \(index): served, \(intact) intact record\(intact == 1 ? "" : "s")")
            }
        }
        if !report.engineDamage.isEmpty {
            lines.append("the engine does not open: damage that belongs to no single index:")
            for damage in report.engineDamage { lines.append("  \(damage)") }
        }
        for damage in report.harmlessDamage { lines.append("harmless: \(damage)") }
        if let images = report.indexImages {
            let usable = images.usable.map { "'\($0)'" }.joined(separator: ", ")
            lines.append(
                "index images (snapshot-<lsn>.esi, a cache): "
                    + (images.usable.isEmpty
                        ? "none usable"
                        : "\(usable) \(images.usable.count == 1 ? "loads from its image" : "load from their images") at the next start")
                    + (images.problem.map {
                        "; ignored: \($0) (indexed from the snapshot's documents instead)"
                    } ?? ""))
        }
        if report.temporarySnapshot {
            lines.append("note: snapshot.tmp was left by an interrupted snapshot; the next start removes it")
        }
        let drops =
            report.recordsARepairDrops.map { "\($0) record\($0 == 1 ? "" : "s")" } ?? "the damaged records"
        if let command = report.repairCommand {
            lines.append(
                "result: damaged; run '\(command)' (drops \(drops), keeps every intact record; damaged files are moved aside)"
            )
        } else {
            lines.append("result: everything is served; nothing to repair")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func repair(_ report: RepairReport) -> String {
        guard report.repaired else {
            return "data directory '\(report.directory)': nothing is damaged; nothing changed\n"
        }
        var lines = ["repaired data directory '\(report.directory)':"]
        let dropped = report.dropped.compactMap(\.lostRecords).reduce(0, +)
        let unknown = report.dropped.contains { $0.lostRecords == nil }
        lines.append(
            "  dropped \(dropped)\(unknown ? " or more" : "") record\(dropped == 1 && !unknown ? "" : "s"):")
        for damage in report.dropped {
            lines.append("    \(damage)")
            for hint in damage.hints { lines.append("      still read as \(hint)") }
        }
        lines.append(
            "  kept \(report.keptRecords) intact records"
                + (report.unappliedRecords > 0
                    ? " (\(report.unappliedRecords) could not be applied: their index was among the dropped records)"
                    : ""))
        lines.append(
            "  new snapshot at lsn \(report.snapshotLSN): "
                + report.documents.sorted { $0.key < $1.key }.map { "'\($0.key)' \($0.value) documents" }
                .joined(separator: ", "))
        if let movedTo = report.movedTo {
            lines.append("  moved aside to '\(movedTo)': " + report.movedFiles.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func bytes(_ count: Int) -> String {
        count < 10_240 ? "\(count) bytes" : count < 10 << 20 ? "\(count >> 10) KiB" : "\(count >> 20) MiB"
    }
}
