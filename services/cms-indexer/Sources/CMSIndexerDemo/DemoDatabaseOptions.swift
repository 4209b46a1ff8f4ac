import CMSIndexer
import Foundation

/// What demo database to write.
public struct DemoDatabaseOptions: Sendable, Equatable {
    /// How many assets (movies, series, episodes and sport events together).
    public var assets: Int
    /// The seed: the same seed and anchor always give the same rows.
    public var seed: UInt64
    /// The data's "now": license windows, promos and events are placed before, around and
    /// after it.
    public var anchor: Date

    /// Creates options.
    public init(assets: Int = 5_000, seed: UInt64 = 1, anchor: Date) {
        self.assets = assets
        self.seed = seed
        self.anchor = anchor
    }
}

/// What a demo database holds: rows per table.
public struct DemoDatabaseSummary: Sendable, Equatable {
    /// Rows per table.
    public var rows: [String: Int]
    /// Assets per type.
    public var assetTypes: [String: Int]

    /// The total number of rows.
    public var totalRows: Int { rows.values.reduce(0, +) }

    /// A readable summary, one line per table.
    public var text: String {
        let types = assetTypes.keys.sorted().map { "\(assetTypes[$0] ?? 0) \($0)" }.joined(separator: ", ")
        var lines = ["assets: \(rows["assets"] ?? 0) (\(types))"]
        for table in rows.keys.sorted() where table != "assets" {
            lines.append("\(table): \(rows[table] ?? 0)")
        }
        lines.append("total rows: \(totalRows)")
        return lines.joined(separator: "\n") + "\n"
    }
}
