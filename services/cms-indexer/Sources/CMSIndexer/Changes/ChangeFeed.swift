import ESModels

/// One row of the outbox: a document that changed, and the position of its latest change.
public struct Change: Sendable, Equatable {
    /// The position (grows with every change, in commit order).
    public var position: Int64
    /// The index the document belongs to, as recorded (`assetflat`).
    public var entity: String
    /// The document id.
    public var key: String
    /// When the change was made, ISO 8601 UTC (the database's clock).
    public var changedAt: String

    /// The index, when it is one of ours.
    public var index: IndexName? { IndexName(rawValue: entity) }

    /// Creates a change.
    public init(position: Int64, entity: String, key: String, changedAt: String) {
        self.position = position
        self.entity = entity
        self.key = key
        self.changedAt = changedAt
    }
}

/// Reads the outbox (``ChangeCapture``): the latest position, and the changes after a position
/// in order, a page at a time.
///
/// ```swift
/// let feed = try ChangeFeed(db: db)
/// let start = try feed.latestPosition()                  // before a full rebuild reads anything
/// let page = try feed.changes(after: start, limit: 1_000)
/// ```
public final class ChangeFeed {
    private let latest: any DatabaseStatement
    private let page: any DatabaseStatement

    /// Prepares the queries.
    public init(db: any CMSConnection) throws {
        latest = try db.prepare("SELECT coalesce(max(position), 0) FROM cms_changes")
        page = try db.prepare(
            """
            SELECT position, entity, key, changed_at FROM cms_changes WHERE position > ?1
            ORDER BY position LIMIT ?2
            """)
    }

    /// The position of the latest committed change (0 when none was recorded).
    public func latestPosition() throws -> Int64 {
        var position: Int64 = 0
        try latest.forEachRow([]) { position = Int64(try $0.int(0)) }
        return position
    }

    /// The changes after `position`, oldest first, at most `limit`.
    public func changes(after position: Int64, limit: Int) throws -> [Change] {
        var changes: [Change] = []
        try page.forEachRow([.integer(position), .integer(Int64(limit))]) { row in
            changes.append(
                Change(
                    position: Int64(try row.int(0)), entity: try row.string(1), key: try row.string(2),
                    changedAt: try row.string(3)))
        }
        return changes
    }
}
