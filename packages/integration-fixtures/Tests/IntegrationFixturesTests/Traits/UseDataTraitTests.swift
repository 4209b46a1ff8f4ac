import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct UseDataTraitTests {
    func assetCount() async throws -> Int {
        let environment = try FixtureEnvironment.required()
        return try await environment.backend.count(environment.indexName(.assetflat), request: CountRequest())
            .count
    }

    @Test(.useData(assetflats: [["uuid": "uuid-1"], ["uuid": "uuid-2"], ["uuid": "uuid-3"]]))
    func givesTheTestItsData() async throws {
        #expect(try await assetCount() == 3)
        #expect(
            try FixtureEnvironment.required().documents(in: .assetflat).map(\.id) == [
                "uuid-1", "uuid-2", "uuid-3",
            ])
    }

    @Test(.useData(promos: [["promo_type": "call_to_action"], ["promo_type": "editorial"]]))
    func freezesTheClock() throws {
        let environment = try FixtureEnvironment.required()
        #expect(environment.clock.now() == Fixtures.now)
        #expect(
            environment.documents(in: .marketingPromos).map { $0.source["promo_type"] }
                == ["call_to_action", "editorial"])
    }

    /// Each case gets its own engine: a document one case adds is not seen by another.
    @Test(.useData(assetflats: [[:]]), arguments: 1...4)
    func eachCaseIsIsolated(extra: Int) async throws {
        let environment = try FixtureEnvironment.required()
        let more = (0..<extra).map { JSONValue.object(["uuid": .string("case-\(extra)-\($0)")]) }
        try await environment.load([FixtureSet(.assetflat, more)])
        #expect(try await assetCount() == 1 + extra)
    }

    @Test(.useData(now: Date(timeIntervalSince1970: 0)))
    func takesAnotherNow() throws {
        #expect(try FixtureEnvironment.required().clock.now() == Date(timeIntervalSince1970: 0))
    }

    @Test(
        .useData(
            FixtureData(sets: [FixtureSet(.territory, [["code": "KE"]])], indices: ["territories"]),
            store: .embedded))
    func takesGenericData() async throws {
        let environment = try FixtureEnvironment.required()
        #expect(environment.createdIndices == ["territories"])
    }

    @Test func noEnvironmentWithoutTheTrait() {
        #expect(FixtureEnvironment.current == nil)
    }

    @Test(
        .useData(
            sportsEvents: SportsEventGenerator().events(
                count: 500, from: Fixtures.date(days: -100), to: Fixtures.date(days: 265))))
    func loadsHundredsOfGeneratedEvents() async throws {
        let environment = try FixtureEnvironment.required()
        let count = try await environment.backend.count(
            environment.indexName(.sportsEvents), request: CountRequest())
        #expect(count.count == 500)
    }

    @Test(
        .useData(rows: [
            [:], ["kind": "live_events", "asset_uuids": [], "platforms": ["tv"], "end": "now+1d"],
        ]))
    func loadsRowsWithTheirDefaults() async throws {
        let environment = try FixtureEnvironment.required()
        let found = try await environment.backend.search(
            environment.indexName(.rows), request: SearchRequest(sort: [SortField("position", order: .asc)])
        )
        let rows = try found.documents(as: PromotedRow.self)
        #expect(rows.map(\.slug) == ["row-1", "row-2"])
        #expect(rows[0].kind == .curated && rows[0].assetUUIDs == ["uuid-1", "uuid-2", "uuid-3"])
        #expect(rows[0].platforms == PromotedRow.allPlatforms && rows[0].end == nil)
        #expect(rows[0].isScheduled(at: Fixtures.now))
        #expect(rows[1].kind == .liveEvents && rows[1].platforms == ["tv"])
        #expect(rows[1].end == Fixtures.date(days: 1))
    }
}
