import ESModels
import Foundation
import IntegrationFixtures
import Testing

@Suite struct SportsEventGeneratorTests {
    let from = Fixtures.date(days: -30)
    let to = Fixtures.date(days: 60)

    @Test func spreadsEventsOverTheRangeInStartOrder() throws {
        let events = try SportsEventGenerator().events(count: 300, from: from, to: to)
            .map { try $0.decode(SportsEvent.self) }
        #expect(events.count == 300)
        #expect(Set(events.map(\.uuid)).count == 300)
        #expect(events.first?.start == from)
        #expect(events.allSatisfy { $0.start >= from && $0.start < to })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.start <= $1.start })
        #expect(events.allSatisfy { $0.teams.count == 2 && $0.teams[0] != $0.teams[1] })
        #expect(Set(events.map(\.sport)) == ["football", "rugby", "basketball", "athletics"])
        #expect(events.allSatisfy { $0.end > $0.start })
    }

    @Test func sameSeedSameEvents() {
        let first = SportsEventGenerator(seed: 7).events(count: 50, from: from, to: to)
        let second = SportsEventGenerator(seed: 7).events(count: 50, from: from, to: to)
        let other = SportsEventGenerator(seed: 8).events(count: 50, from: from, to: to)
        #expect(first == second)
        #expect(first != other)
    }

    @Test func idsSortInEventOrder() {
        let events = SportsEventGenerator(idPrefix: "match-").events(count: 12_000, from: from, to: to)
        let ids = events.compactMap { $0["uuid"]?.stringValue }
        #expect(ids.first == "match-00001")
        #expect(ids == ids.sorted())
    }

    @Test func noEventsForAnEmptyRequest() {
        #expect(SportsEventGenerator().events(count: 0, from: from, to: to).isEmpty)
        #expect(SportsEventGenerator(sports: []).events(count: 5, from: from, to: to).isEmpty)
    }

    @Test func eventsAreLoadableFixtures() throws {
        let overrides = SportsEventGenerator(territories: ["KE"]).events(count: 20, from: from, to: to)
        let documents = try FixtureDocumentBuilder(
            kind: .sportsEvent, mapping: FixtureMappings.shared.mapping(for: "sports_events"),
            now: Fixtures.now
        ).documents(from: overrides)
        #expect(documents.map(\.source) == overrides)
    }
}
