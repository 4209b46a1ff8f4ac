import ESModels
import Foundation
import HTTPKit
import Testing

@testable import Catalogue

@Suite struct EventParametersTests {
    let now = Date(timeIntervalSince1970: 1_748_779_200)  // 2025-06-01T12:00:00Z

    @Test func defaultsToTheComingWeek() throws {
        let parameters = try EventParameters(query: [:], now: now)
        #expect(parameters.from == now)
        #expect(parameters.to == now.addingTimeInterval(7 * 86_400))
        #expect(parameters.paging.num == 50)
    }

    @Test func toDefaultsToAWeekAfterFrom() throws {
        let parameters = try EventParameters(query: ["from": "2025-07-01"], now: now)
        #expect(ISODate.string(from: parameters.to) == "2025-07-08T00:00:00Z")
    }

    /// Every RFC 3339 date-time (what the document's `format: date-time` allows) reads, also
    /// those Elasticsearch's date format refuses: offsets past 18 hours, lower-case letters, long
    /// fractions.
    @Test(arguments: [
        ("2079-03-13T20:37:53+22:33", "2079-03-12T22:04:53Z"),
        ("2025-06-01t18:30:00z", "2025-06-01T18:30:00Z"),
        ("2025-06-01T18:30:00.1234567891234-01:00", "2025-06-01T19:30:00.123Z"),
        ("2025-06-01T18:30:00+05:30", "2025-06-01T13:00:00Z"),
    ])
    func fromReadsEveryRFC3339DateTime(text: String, utc: String) throws {
        let parameters = try EventParameters(query: ["from": text], now: now)
        #expect(ISODate.string(from: parameters.from) == utc)
    }

    @Test(arguments: [
        "2025-06-01T18:30:00+24:00", "2025-06-01T18:30:00+05:60", "2025-13-01T00:00:00Z", "soon",
    ])
    func fromRefusesWhatIsNoDate(text: String) {
        #expect(throws: CatalogueError.self) { try EventParameters(query: ["from": text], now: now) }
    }

    @Test func readsFilters() throws {
        let parameters = try EventParameters(
            query: ["sport": "Football,rugby", "competition": " Currie Cup ", "content_country": "ng"],
            now: now)
        #expect(parameters.sports == ["football", "rugby"])
        #expect(parameters.competition == "Currie Cup")
        #expect(parameters.country?.code == "NG")
    }

    @Test func rangeMustBeForwardAndAtMostAYear() throws {
        #expect(throws: CatalogueError.self) {
            try EventParameters(query: ["from": "2025-06-02", "to": "2025-06-01"], now: now)
        }
        #expect(throws: CatalogueError.self) {
            try EventParameters(query: ["from": "2025-06-02", "to": "2025-06-02"], now: now)
        }
        #expect(throws: CatalogueError.self) {
            try EventParameters(query: ["from": "2025-01-01", "to": "2026-01-03"], now: now)
        }
        #expect(try EventParameters(query: ["from": "2025-01-01", "to": "2026-01-01"], now: now).from < now)
    }

    @Test(arguments: ["tomorrow", "2025-02-30", "01/06/2025", "now+1d"])
    func badDates(text: String) {
        #expect(throws: CatalogueError.self) { try EventParameters(query: ["from": text], now: now) }
    }
}
