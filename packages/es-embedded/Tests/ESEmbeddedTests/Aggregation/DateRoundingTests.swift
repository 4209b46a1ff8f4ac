import Foundation
import Testing

@testable import ESEmbedded

/// The civil arithmetic fixed-offset zones round months, quarters and years with agrees with
/// Foundation's Gregorian calendar.
@Suite struct DateRoundingTests {
    @Test func civilDatesMatchTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Foundation switches to the Julian calendar before 1582; java.time (and we) stay proleptic.
        for day in stride(from: Int64(-140_000), through: 800_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = DateRounding.civil(fromDays: day)
            #expect(civil.year == Int64(parts.year ?? 0) && civil.month == Int64(parts.month ?? 0))
            #expect(civil.day == Int64(parts.day ?? 0))
            #expect(DateRounding.days(year: civil.year, month: civil.month, day: civil.day) == day)
        }
    }

    @Test func monthsQuartersAndYearsInFixedZones() throws {
        for (zoneName, hours) in [("UTC", 0.0), ("Asia/Kolkata", 5.5)] {
            let zone = try #require(TimeZone(identifier: zoneName))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for millis in stride(
                from: Int64(-2_000_000_000_000), through: 2_000_000_000_000, by: 7_777_777_777)
            {
                let date = Date(timeIntervalSince1970: Double(millis) / 1000)
                let monthStart = try #require(calendar.dateInterval(of: .month, for: date)).start
                let yearStart = try #require(calendar.dateInterval(of: .year, for: date)).start
                let month = DateRounding(interval: .calendar(.month), timeZone: zone, offset: 0).round(millis)
                let year = DateRounding(interval: .calendar(.year), timeZone: zone, offset: 0).round(millis)
                #expect(
                    month == Int64(monthStart.timeIntervalSince1970 * 1000), "\(zoneName) +\(hours) \(millis)"
                )
                #expect(year == Int64(yearStart.timeIntervalSince1970 * 1000))
            }
        }
    }
}
