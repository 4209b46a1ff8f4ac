import HTTPKit
import Testing

@Suite struct TimestampTests {
    @Test func formatsISO8601AndHTTPDatesInUTC() {
        let friday = Timestamp(seconds: 1_738_314_902, milliseconds: 7)
        #expect(friday.iso8601 == "2025-01-31T09:15:02.007Z")
        #expect(friday.httpDate == "Fri, 31 Jan 2025 09:15:02 GMT")
        let leapDay = Timestamp(seconds: 1_709_251_199, milliseconds: 999)
        #expect(leapDay.iso8601 == "2024-02-29T23:59:59.999Z")
        #expect(leapDay.httpDate == "Thu, 29 Feb 2024 23:59:59 GMT")
    }

    @Test func readsTheWallClock() {
        // 2025-01-01T00:00:00Z: any machine running these tests is later than that.
        #expect(Timestamp.now().seconds > 1_735_689_600)
    }
}
