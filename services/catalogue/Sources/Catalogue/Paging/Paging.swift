import HTTPKit

/// Which page of a result list to return: `start` (hits to skip) and `num` (page size).
public struct Paging: Sendable, Equatable {
    /// The largest page.
    public static let maximumSize = 100
    /// How deep paging may go (Elasticsearch's default `index.max_result_window`).
    public static let resultWindow = 10_000

    /// Hits to skip.
    public var start: Int
    /// Page size.
    public var num: Int

    /// Creates paging.
    public init(start: Int = 0, num: Int) {
        self.start = start
        self.num = num
    }

    /// Reads `start` (default 0) and `num` (default `defaultSize`, at most 100).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for values out of
    ///   range, or a page beyond the 10,000th hit.
    public init(query: QueryItems, defaultSize: Int) throws {
        let start = try query.integer("start", default: 0, in: 0...Self.resultWindow)
        let num = try query.integer("num", default: defaultSize, in: 1...Self.maximumSize)
        guard start + num <= Self.resultWindow else {
            throw CatalogueError.invalidParameter(
                name: "start", value: String(start),
                expected: "'start' + 'num' must not exceed \(Self.resultWindow); narrow the filters instead")
        }
        self.init(start: start, num: num)
    }
}
