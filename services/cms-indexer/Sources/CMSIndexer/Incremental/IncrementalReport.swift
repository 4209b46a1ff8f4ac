import ESModels
import Foundation

/// What an incremental pass applied.
public struct IncrementalReport: Sendable, Equatable {
    /// Outbox rows read (each a document that changed).
    public var changes = 0
    /// Documents written (created or replaced).
    public var upserted = 0
    /// Documents deleted (their rows are gone).
    public var deleted = 0
    /// Documents that could not be built or that the store rejected; each keeps its previous
    /// version in the index, and is tried again at its next change.
    public var errors: [DocumentError] = []
    /// Rows read from the CMS database.
    public var rowsRead = 0
    /// The position each live index now records.
    public var positions: [String: Int64] = [:]
    /// When the newest change applied was made (the database's clock), if any was.
    public var newestChange: Date?

    /// Creates an empty report.
    public init() {}

    /// Whether every change was applied.
    public var succeeded: Bool { errors.isEmpty }

    /// Adds another pass's figures.
    mutating func add(_ other: IncrementalReport) {
        changes += other.changes
        upserted += other.upserted
        deleted += other.deleted
        errors += other.errors
        rowsRead += other.rowsRead
        positions.merge(other.positions) { max($0, $1) }
        if let date = other.newestChange { newestChange = max(newestChange ?? date, date) }
    }

    /// A readable summary.
    public var text: String {
        var lines: [String] = []
        let position = positions.values.max().map { " (position \($0))" } ?? ""
        lines.append(
            "applied \(changes) \(changes == 1 ? "change" : "changes"): \(upserted) documents written, \(deleted) deleted\(position)"
        )
        if !errors.isEmpty {
            lines.append(
                "\(errors.count) \(errors.count == 1 ? "document" : "documents") failed and kept their previous version:"
            )
            lines += errors.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
