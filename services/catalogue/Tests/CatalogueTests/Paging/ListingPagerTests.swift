import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct ListingPagerTests {
    static let now = Date(timeIntervalSince1970: 1_748_779_200)
    static let key = CursorKey("test key")
    static let keys = CursorKeys(signing: key)

    static func hits(_ uuids: [String], total: Int) -> StoreHits<String> {
        StoreHits(
            total: total, items: uuids, sortValues: uuids.map { [.string($0)] },
            highlights: uuids.map { _ in nil }, aggregations: [:])
    }

    @Test func byStartTheSearchIsUnchangedAndTheLastFullPageHasNoNext() throws {
        let pager = try ListingPager(
            paging: Paging(start: 20, num: 10), cursor: nil, sort: "-created_at", filters: "f", now: Self.now,
            keys: Self.keys)
        let request = SearchRequest(from: 20, size: 10)
        #expect(pager.apply(to: request) == request)
        let middle = pager.page(Self.hits((21...30).map { "u\($0)" }, total: 31))
        let next = try #require(middle.next)
        let cursor = try PageCursor(token: next, keys: Self.keys)
        #expect(cursor.after == ["u30"])
        #expect(cursor.position == 30)
        #expect(cursor.instant == Self.now)
        #expect(middle.start == 20)
        #expect(pager.page(Self.hits((21...30).map { "u\($0)" }, total: 30)).next == nil)
    }

    @Test func byCursorTheSearchGoesOnAfterItsHitAndAsksOneMore() throws {
        let first = PageCursor(
            sort: "-created_at", after: ["u30"], filters: "f", instant: Self.now.addingTimeInterval(-60),
            position: 30)
        let pager = try ListingPager(
            paging: Paging(num: 10, cursor: first.token(key: Self.key)), cursor: first, sort: "-created_at",
            filters: "f", now: Self.now, keys: Self.keys)
        let request = pager.apply(to: SearchRequest(from: 0, size: 10))
        #expect(request.json == ["size": 11, "search_after": ["u30"]])
        let page = pager.page(Self.hits((31...41).map { "u\($0)" }, total: 60))
        #expect(page.items == (31...40).map { "u\($0)" })
        #expect(page.start == 30)
        let next = try PageCursor(token: try #require(page.next), keys: Self.keys)
        #expect(next.after == ["u40"])
        #expect(next.position == 40)
        #expect(next.instant == first.instant)
        let last = pager.page(Self.hits((31...40).map { "u\($0)" }, total: 60))
        #expect(last.items.count == 10)
        #expect(last.next == nil)
    }

    @Test func searchAfterPassesTheResultWindow() throws {
        let deep = PageCursor(
            sort: "-created_at", after: [1_700_000_000_000, "u9999"], filters: "f", instant: Self.now,
            position: 10_000)
        let pager = try ListingPager(
            paging: Paging(num: 100, cursor: deep.token(key: Self.key)), cursor: deep, sort: "-created_at",
            filters: "f", now: Self.now, keys: Self.keys)
        let request = pager.apply(to: SearchRequest(from: 0, size: 100))
        #expect(request.from == nil)
        #expect(request.searchAfter == [1_700_000_000_000, "u9999"])
        #expect(pager.page(Self.hits(["u10000"], total: 10_001)).start == 10_000)
    }

    @Test func aFirstPagesNextIsTheSameForAMinute() throws {
        func next(at seconds: TimeInterval) throws -> String? {
            let pager = try ListingPager(
                paging: Paging(num: 2), cursor: nil, sort: "-created_at", filters: "f",
                now: Self.now.addingTimeInterval(seconds), keys: Self.keys)
            return pager.page(Self.hits(["u1", "u2"], total: 5)).next
        }
        #expect(try next(at: 1.5) == next(at: 59))
        #expect(try next(at: 59) != next(at: 60))
        let cursor = try PageCursor(token: try #require(try next(at: 42)), keys: Self.keys)
        #expect(cursor.instant == Self.now)
    }

    @Test func aCursorOfAnotherListingIsRefused() {
        let cursor = PageCursor(sort: "title", after: ["x"], filters: "f", instant: Self.now, position: 10)
        #expect(throws: CatalogueError.self) {
            try ListingPager(
                paging: Paging(num: 10, cursor: cursor.token(key: Self.key)), cursor: cursor,
                sort: "-created_at",
                filters: "f", now: Self.now, keys: Self.keys)
        }
    }
}
