import ESModels
import Foundation
import HTTPKit

/// `GET /catalogue/events?from=2025-06-01&to=2025-06-08&sport=football&content_country=KE`.
public struct EventParameters: Sendable, Equatable {
    /// The range when `to` is absent: a week from `from`.
    public static let defaultSpan: TimeInterval = 7 * 86_400
    /// The longest range one request may cover.
    public static let maximumSpan: TimeInterval = 366 * 86_400
    /// The page size when `num` is absent.
    public static let defaultPageSize = 50

    /// Events running at any moment from `from` (inclusive)...
    public var from: Date
    /// ...to `to` (exclusive) are listed.
    public var to: Date
    /// Sports to keep (comma-separated `sport`); empty keeps every sport.
    public var sports: [String]
    /// A competition to keep.
    public var competition: String?
    /// Where the events must be shown; `nil` means anywhere.
    public var country: CountryCode?
    /// The page.
    public var paging: Paging

    /// Creates parameters.
    public init(
        from: Date, to: Date, sports: [String] = [], competition: String? = nil, country: CountryCode? = nil,
        paging: Paging = Paging(num: defaultPageSize)
    ) {
        self.from = from
        self.to = to
        self.sports = sports
        self.competition = competition
        self.country = country
        self.paging = paging
    }

    /// Reads the parameters; `from` defaults to `now` and `to` to a week after `from`.
    ///
    /// - Throws: ``CatalogueError`` for bad dates, an empty or reversed range, a range longer
    ///   than 366 days, or bad filters.
    public init(query: QueryItems, now: Date) throws {
        let from = try query.date("from") ?? now
        let to = try query.date("to") ?? from.addingTimeInterval(Self.defaultSpan)
        guard to > from else {
            throw CatalogueError.invalidParameter(
                name: "to", value: query.trimmed("to") ?? ISODate.string(from: to),
                expected: "must be after 'from' (\(ISODate.string(from: from)))")
        }
        guard to.timeIntervalSince(from) <= Self.maximumSpan else {
            throw CatalogueError.invalidParameter(
                name: "to", value: query.trimmed("to") ?? ISODate.string(from: to),
                expected:
                    "the range from 'from' to 'to' must be at most 366 days; page through shorter ranges")
        }
        self.init(
            from: from, to: to, sports: try query.identifiers("sport").map { $0.lowercased() },
            competition: query.trimmed("competition"), country: try query.country("content_country"),
            paging: try Paging(query: query, defaultSize: Self.defaultPageSize))
    }
}
