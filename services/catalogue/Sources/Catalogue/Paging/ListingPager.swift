import ESModels
import Foundation

/// How one listing request pages: by `start`, or after the hit a checked cursor names; and the
/// cursor of the page after it.
///
/// A page by cursor asks for one hit more than it shows: whether that hit exists says whether
/// there is a next page, exactly, whatever changed in the store since the first page.
struct ListingPager {
    let paging: Paging
    /// The checked cursor the page continues from.
    let cursor: PageCursor?
    let sort: String
    let filters: String
    /// The listing's instant: the cursor's, or this request's minute for a first page.
    let instant: Date
    let keys: CursorKeys

    /// The instant of a listing whose first page is read at `now`: the start of its minute, so
    /// that a first page's `next` (and so its `ETag`) stays the same for a minute.
    static func instant(firstPageAt now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// Reads the cursor of `paging` (its signature only; ``init(paging:cursor:sort:filters:now:keys:)``
    /// checks it belongs to the listing).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` on `cursor`.
    static func read(_ paging: Paging, keys: CursorKeys) throws(CatalogueError) -> PageCursor? {
        guard let token = paging.cursor else { return nil }
        return try PageCursor(token: token, keys: keys)
    }

    /// A pager for a listing with this sort and these filters (``ListingFilters``).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` on `cursor` when the
    ///   cursor was made for another sort or other filters.
    init(
        paging: Paging, cursor: PageCursor?, sort: String, filters: String, now: Date, keys: CursorKeys
    ) throws(CatalogueError) {
        try cursor?.check(sort: sort, filters: filters, token: paging.cursor ?? "")
        self.paging = paging
        self.cursor = cursor
        self.sort = sort
        self.filters = filters
        self.instant = cursor?.instant ?? Self.instant(firstPageAt: now)
        self.keys = keys
    }

    /// `request` (built to page by `start`) paging after the cursor instead: `search_after`,
    /// no `from`, one hit more than the page.
    func apply(to request: SearchRequest) -> SearchRequest {
        guard let cursor else { return request }
        var request = request
        request.from = nil
        request.size = paging.num + 1
        request.searchAfter = cursor.after
        return request
    }

    /// The page of `found`: its hits (without the extra one), where it starts, and the cursor of
    /// the next page unless this is the last.
    func page<Model>(_ found: StoreHits<Model>) -> ListingPage<Model> {
        let start = cursor?.position ?? paging.start
        let shown = min(found.items.count, paging.num)
        let more =
            cursor != nil
            ? found.items.count > paging.num
            : shown > 0 && start + shown < (found.total ?? found.items.count)
        var next: String?
        if more, shown > 0, let after = found.sortValues[shown - 1] {
            next = PageCursor(
                sort: sort, after: after, filters: filters, instant: instant, position: start + shown
            )
            .token(key: keys.signing)
        }
        return ListingPage(
            items: Array(found.items.prefix(shown)), highlights: Array(found.highlights.prefix(shown)),
            total: found.total ?? found.items.count, start: start, num: paging.num, next: next)
    }
}

/// One page of a listing, ready to show.
struct ListingPage<Model> {
    var items: [Model]
    /// Each item's highlighted fragments by field (`nil` without a match or highlighting).
    var highlights: [[String: [String]]?]
    /// Every hit of the listing.
    var total: Int
    /// How many hits come before the page.
    var start: Int
    var num: Int
    /// The cursor of the next page; `nil` on the last.
    var next: String?
}
