import Catalogue
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import IntegrationFixtures
import Synchronization
import Testing
import TimeKitTesting

/// The home screen is kept between requests, and changes exactly when its answer does: at a
/// row's start, at a licence window's end, after the indexer's write, computed once for many
/// viewers asking at once.
@Suite struct HomeScreenCacheTests {
    /// A wall clock the test sets.
    final class Time: Sendable {
        private let instant: Mutex<Date>
        init(_ start: Date) { instant = Mutex(start) }
        var clock: WallClock { WallClock { self.instant.withLock { $0 } } }
        func set(_ date: Date) { instant.withLock { $0 = date } }
    }

    /// The catalogue over the test's store, on the wall clock `time`.
    struct Subject {
        let catalogue: CatalogueApp
        let application: Application

        init(time: Time) throws {
            let environment = try FixtureEnvironment.required()
            catalogue = CatalogueApp(
                backend: environment.backend, clock: time.clock, monotonic: ManualClock().clock,
                configuration: CatalogueConfiguration(
                    indices: CatalogueIndices(prefix: environment.indexPrefix)))
            application = catalogue.makeApplication(logRequests: false)
        }

        func home(_ query: QueryItems = ["content_country": "KE"]) async throws -> Response {
            let response = await application.handle(
                Request(
                    method: .get, path: "/catalogue/rows", query: query,
                    headers: ["Catalogue-Client": "android"]))
            #expect(response.status == .ok)
            return response
        }

        /// How many home screens were answered each way.
        func answers(_ outcome: String) -> Int {
            let prefix = "catalogue_home_screen_answers_total{outcome=\"\(outcome)\"} "
            let text = catalogue.metrics.render(breaker: .closed)
            let line = text.split(separator: "\n").first { $0.hasPrefix(prefix) }
            return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? -1
        }
    }

    @Test(
        .useData(
            assetflats: [[:], [:], [:]], rows: [["uuid": "later", "slug": "later", "start": "now+1h"], [:]]))
    func aRowAppearsWhenItsStartPassesWithoutAnyWrite() async throws {
        let now = try FixtureEnvironment.required().now
        let time = Time(now)
        let subject = try Subject(time: time)
        #expect(try await subject.home().rowSlugs == ["row-2"])
        // Kept until then, and a CDN may keep it no longer than the hour left.
        time.set(now.addingTimeInterval(3_590))
        let kept = try await subject.home()
        #expect(try kept.rowSlugs == ["row-2"])
        #expect(subject.answers("kept") == 1)
        #expect(kept.headers["Cache-Control"] == "public, max-age=5, s-maxage=5, stale-while-revalidate=5")
        time.set(now.addingTimeInterval(3_600))
        #expect(try await subject.home().rowSlugs == ["later", "row-2"])
        #expect(subject.answers("computed") == 2)
    }

    @Test(
        .useData(
            assetflats: [
                [
                    "uuid": "uuid-1",
                    "license_windows": [["start": "now-1d", "end": "now+2h", "countries": ["KE"]]],
                ], [:], [:],
            ], rows: [[:]]))
    func aClosingLicenceWindowDropsTheItemAtThatInstant() async throws {
        let now = try FixtureEnvironment.required().now
        let time = Time(now)
        let subject = try Subject(time: time)
        #expect(try await subject.home().itemUUIDs(ofRow: "row-1") == ["uuid-1", "uuid-2", "uuid-3"])
        time.set(now.addingTimeInterval(7_199.999))
        #expect(try await subject.home().itemUUIDs(ofRow: "row-1") == ["uuid-1", "uuid-2", "uuid-3"])
        #expect(subject.answers("kept") == 1)
        time.set(now.addingTimeInterval(7_200))
        #expect(try await subject.home().itemUUIDs(ofRow: "row-1") == ["uuid-2", "uuid-3"])
    }

    /// A query row's filter matches an asset whose window opens later: the row gains it then,
    /// and a live events row gains the event that starts.
    @Test(
        .useData(
            assetflats: [
                ["uuid": "now"],
                [
                    "uuid": "soon",
                    "license_windows": [["start": "now+1h", "end": "now+10d", "countries": ["KE"]]],
                ],
            ],
            sportsEvents: [["uuid": "match", "start": "now+30m", "end": "now+2h", "territories": ["KE"]]],
            rows: [
                ["slug": "movies", "kind": "query", "asset_uuids": [], "query": ["type": "movie"]],
                ["slug": "live", "kind": "live_events", "asset_uuids": []],
            ]))
    func queryAndLiveRowsGainWhatOpensOrStarts() async throws {
        let now = try FixtureEnvironment.required().now
        let time = Time(now)
        let subject = try Subject(time: time)
        let first = try await subject.home()
        #expect(try first.itemUUIDs(ofRow: "movies") == ["now"])
        #expect(try first.rowSlugs == ["movies"])
        time.set(now.addingTimeInterval(1_800))
        #expect(try await subject.home().itemUUIDs(ofRow: "live") == ["match"])
        time.set(now.addingTimeInterval(3_599))
        #expect(try await subject.home().itemUUIDs(ofRow: "movies") == ["now"])
        #expect(subject.answers("kept") == 1)
        time.set(now.addingTimeInterval(3_600))
        #expect(try Set(await subject.home().itemUUIDs(ofRow: "movies")) == ["now", "soon"])
    }

    /// The indexer's incremental pass writes the asset, refreshes, then records its change
    /// position in `cms-indexer-state`: the next answer has the new title.
    @Test(.useData(assetflats: [[:], [:], [:]], rows: [[:]]))
    func anIncrementalReindexShowsInTheNextAnswer() async throws {
        let environment = try FixtureEnvironment.required()
        let subject = try Subject(time: Time(environment.now))
        let before = try await subject.home()
        #expect(try before.rows.first?["items"]?[0]?["title"] != "Renamed")

        let builder = FixtureDocumentBuilder(
            kind: .assetflat, mapping: try FixtureMappings.shared.mapping(for: "assetflat"),
            now: environment.now)
        let renamed = try #require(
            try builder.documents(from: [["uuid": "uuid-1", "titles": ["en": "Renamed"]]]).first)
        let index = environment.indexName(.assetflat)
        _ = try await environment.backend.index(
            index, id: "uuid-1", document: renamed.source, refresh: .immediate)
        // Until the indexer records its position, the answer is the kept one.
        #expect(try await subject.home().body == before.body)
        // As the indexer creates it (the test store creates no index on a write).
        if try await !environment.backend.indexExists("cms-indexer-state") {
            _ = try await environment.backend.createIndex(
                "cms-indexer-state",
                definition: IndexDefinition(
                    mappings: Mapping {
                        Property.keyword("kind")
                        Property.keyword("index")
                        Property.long("position")
                    }))
        }
        _ = try await environment.backend.index(
            "cms-indexer-state", id: "position:\(index)",
            document: ["kind": "position", "index": .string(index), "alias": "assetflat", "position": 42],
            refresh: .immediate)
        let after = try await subject.home()
        #expect(try after.rows.first?["items"]?[0]?["title"] == "Renamed")
    }

    @Test(.useData(assetflats: [[:], [:], [:]], rows: [[:]]))
    func concurrentRequestsForAColdKeyComputeItOnce() async throws {
        let subject = try Subject(time: Time(try FixtureEnvironment.required().now))
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<100 { group.addTask { try await subject.home().body } }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(Set(bodies).count == 1)
        #expect(subject.answers("computed") == 1)
        #expect(subject.answers("shared") + subject.answers("kept") == 99)
    }
}
