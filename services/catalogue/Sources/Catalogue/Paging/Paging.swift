import HTTPKit

/// Which page of a result list to return: `start` (hits to skip) and `num` (page size), or
/// `cursor` (the `next` of the page before) and `num`.
public struct Paging: Sendable, Equatable {
    /// The largest page.
    public static let maximumSize = 100
    /// How deep paging by `start` may go (Elasticsearch's default `index.max_result_window`);
    /// a cursor goes past it.
    public static let resultWindow = 10_000

    /// Hits to skip (0 with a cursor).
    public var start: Int
    /// Page size.
    public var num: Int
    /// The cursor to continue from, as sent (checked by ``PageCursor``); `nil` pages by `start`.
    public var cursor: String?

    /// Creates paging.
    public init(start: Int = 0, num: Int, cursor: String? = nil) {
        self.start = start
        self.num = num
        self.cursor = cursor
    }

    /// Reads `start` (default 0) or `cursor`, and `num` (default `defaultSize`, at most 100).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for values out of
    ///   range, a page beyond the 10,000th hit, or `start` and `cursor` together.
    public init(query: QueryItems, defaultSize: Int) throws {
        let cursor = query.trimmed("cursor")
        if cursor != nil, let start = query.trimmed("start") {
            throw CatalogueError.invalidParameter(
                name: "start", value: start,
                expected:
                    "cannot be combined with 'cursor', which says where the page starts; send one of them")
        }
        let start = try query.integer("start", default: 0, in: 0...Self.resultWindow)
        let num = try query.integer("num", default: defaultSize, in: 1...Self.maximumSize)
        guard start + num <= Self.resultWindow else {
            throw CatalogueError.invalidParameter(
                name: "start", value: String(start),
                expected:
                    "'start' + 'num' must not exceed \(Self.resultWindow); page on with the 'next' cursor instead"
            )
        }
        self.init(start: start, num: num, cursor: cursor)
    }
}
