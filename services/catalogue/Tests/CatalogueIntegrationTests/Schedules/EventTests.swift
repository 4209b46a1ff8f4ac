import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

@Suite struct EventTests {
    /// 400 generated events from 30 days ago to 70 days ahead: one every 6 hours.
    static let season = SportsEventGenerator().events(
        count: 400, from: Fixtures.date(days: -30), to: Fixtures.date(days: 70))
    static let seasonEvents = season.compactMap { try? $0.decode(SportsEvent.self) }

    func iso(_ days: Double) -> String { ISODate.string(from: Fixtures.date(days: days)) }

    @Test(.useData(sportsEvents: season))
    func pagesThroughHundredsOfEventsInStartOrder() async throws {
        let from = iso(-30)
        let to = iso(70)
        var seen: [String] = []
        var start = 0
        while true {
            let response = try await androidClient.get(
                "/catalogue/events", query: ["from": from, "to": to, "num": "100", "start": String(start)])
            #expect(response.status == .ok)
            #expect(try response.json["count"] == 400)
            let page = try response.uuids
            if page.isEmpty { break }
            seen += page
            start += 100
        }
        #expect(seen == Self.seasonEvents.map(\.uuid))
    }

    @Test(.useData(sportsEvents: season))
    func defaultRangeIsTheComingWeekWithRunningEvents() async throws {
        let response = try await websiteClient.get("/catalogue/events", query: ["num": "100"])
        let expected = Self.seasonEvents.filter { $0.end > Fixtures.now && $0.start < Fixtures.date(days: 7) }
        #expect(try response.json["count"] == .int(expected.count))
        #expect(try response.uuids == expected.map(\.uuid))
    }

    @Test(.useData(sportsEvents: season))
    func filtersBySport() async throws {
        let response = try await websiteClient.get(
            "/catalogue/events",
            query: ["from": iso(0), "to": iso(30), "sport": "rugby,athletics", "num": "100"])
        let expected = Self.seasonEvents.filter {
            ["rugby", "athletics"].contains($0.sport) && $0.end > Fixtures.now
                && $0.start < Fixtures.date(days: 30)
        }
        #expect(try response.uuids == expected.map(\.uuid))
        #expect(
            try response.items.allSatisfy { ["rugby", "athletics"].contains($0["sport"]?.stringValue ?? "") })
    }

    @Test(
        .useData(sportsEvents: [
            ["uuid": "kpl", "competition": "Kenyan Premier League"],
            ["uuid": "caf", "competition": "CAF Champions League"],
        ]))
    func filtersByCompetition() async throws {
        let response = try await websiteClient.get(
            "/catalogue/events", query: ["competition": "CAF Champions League"])
        #expect(try response.uuids == ["caf"])
    }

    @Test(.useData(sportsEvents: [["uuid": "kenya", "territories": ["KE"]], ["uuid": "everywhere"]]))
    func filtersByCountry() async throws {
        let ghana = try await websiteClient.get("/catalogue/events", query: ["content_country": "GH"])
        #expect(try ghana.uuids == ["everywhere"])
    }

    @Test(
        .useData(sportsEvents: [
            ["uuid": "live", "start": "now-1h", "end": "now+1h"],
            ["uuid": "later", "start": "now+2h", "end": "now+4h"],
            ["uuid": "over", "start": "now-3h", "end": "now-1h"],
        ]))
    func runningEventsAreLive() async throws {
        let response = try await websiteClient.get("/catalogue/events")
        let items = try response.items
        #expect(items.map { $0["uuid"] } == ["live", "later"])
        #expect(items.map { $0["is_live"] } == [true, false])
        #expect(items.first?["teams"] == ["Gor Mahia", "AFC Leopards"])
    }

    @Test(
        .useData(),
        arguments: [
            ["from": "yesterday"], ["to": "2025-13-01"], ["from": "2025-06-10", "to": "2025-06-01"],
            ["from": "2025-06-01", "to": "2025-06-01"], ["from": "2025-01-01", "to": "2026-06-01"],
            ["sport": "foot ball"], ["num": "500"],
        ] as [QueryItems])
    func badRangesAreRefused(query: QueryItems) async throws {
        let response = try await websiteClient.get("/catalogue/events", query: query)
        #expect(response.status == .badRequest, "\(query)")
        #expect(response.errorMessage?.hasPrefix("invalid value") == true)
    }

    @Test(.useData(sportsEvents: season))
    func datesAndDateTimesAreAccepted() async throws {
        let dates = try await websiteClient.get(
            "/catalogue/events", query: ["from": "2025-06-01", "to": "2025-06-02"])
        let times = try await websiteClient.get(
            "/catalogue/events", query: ["from": "2025-06-01T00:00:00Z", "to": "2025-06-02T02:00:00+02:00"])
        #expect(dates.status == .ok)
        #expect(try dates.uuids == times.uuids)
        #expect(try !dates.uuids.isEmpty)
    }
}
