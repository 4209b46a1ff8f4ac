import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct StoredDateTests {
    @Test(arguments: [
        "2025-06-01T12:00:00Z", "2025-06-01T12:00:00.250Z", "1969-12-31T23:59:59Z", "2024-02-29T00:00:00Z",
        "2000-01-01T00:00:00.001Z", "2025-06-01", "2025-06-01T12:00:00+02:00", "2025-06-01T12:00Z",
    ])
    func agreesWithElasticsearchsDefaultFormat(text: String) {
        #expect(StoredDate.parse(text) == ISODate.date(from: text), "\(text)")
        #expect(StoredDate.parse(text) != nil)
    }

    @Test(arguments: ["2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-06-01T24:00:00Z", "soon", ""])
    func refusesWhatIsNoDate(text: String) {
        #expect(StoredDate.parse(text) == nil)
    }

    @Test func roundTripsWhatTheIndexerWrites() {
        for millis in stride(from: -2_000_000_000_000, to: 4_000_000_000_000, by: 97_654_321_987) {
            let text = ISODate.string(fromMillis: millis)
            #expect(StoredDate.parse(text) == Date(epochMillis: millis), "\(text)")
        }
    }
}
