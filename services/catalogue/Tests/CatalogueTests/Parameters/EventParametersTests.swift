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
