import ESModels
import Foundation

/// Rounds instants down to the start of their `date_histogram` bucket in a time zone.
struct DateRounding {
    let interval: DateHistogramAggregation.Interval
    let timeZone: TimeZone
    let offset: Int64
    private let calendar: Calendar
    private let fixedOffset: Int?

    init(interval: DateHistogramAggregation.Interval, timeZone: TimeZone, offset: Int64) {
        self.interval = interval
        self.timeZone = timeZone
        self.offset = offset
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        self.calendar = calendar
        // A zone without daylight saving has one offset: buckets are plain arithmetic.
        fixedOffset =
            timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil
            ? timeZone.secondsFromGMT() : nil
    }

    /// The start of the bucket holding `millis`.
    func round(_ millis: Int64) -> Int64 {
        let shifted = millis - offset
        switch interval {
        case .fixed(let length):
            let zone = Int64(offsetSeconds(shifted)) * 1000
            return Self.floor(shifted + zone, length.milliseconds) - zone + offset
        case .calendar(let unit):
            if let fixedOffset, let length = Self.length(of: unit) {
                let zone = Int64(fixedOffset) * 1000
                if unit == .week {
                    // 1970-01-01 was a Thursday; weeks start on Monday (epoch day 4).
                    let monday: Int64 = 4 * 86_400_000
                    return Self.floor(shifted + zone - monday, length) + monday - zone + offset
                }
                return Self.floor(shifted + zone, length) - zone + offset
            }
            if let fixedOffset, shifted >= 0, unit == .month || unit == .quarter || unit == .year {
                // Civil arithmetic on the local day: no calendar call per document (after 1970, where
                // the zone is known to keep one offset).
                let zone = Int64(fixedOffset) * 1000
                let day = Self.floor(shifted + zone, 86_400_000) / 86_400_000
                let (year, month, _) = Self.civil(fromDays: day)
                let startMonth = unit == .year ? 1 : unit == .quarter ? (month - 1) / 3 * 3 + 1 : month
                return Self.days(year: year, month: startMonth, day: 1) * 86_400_000 - zone + offset
            }
            let date = Date(timeIntervalSince1970: Double(shifted) / 1000)
            let component: Calendar.Component =
                switch unit {
                case .minute: .minute
                case .hour: .hour
                case .day: .day
                case .week: .weekOfYear
                case .month: .month
                case .quarter: .quarter
                case .year: .year
                }
            var start: Date
            if unit == .quarter {
                let month = calendar.component(.month, from: date)
                let year = calendar.component(.year, from: date)
                start =
                    calendar.date(from: DateComponents(year: year, month: (month - 1) / 3 * 3 + 1, day: 1))
                    ?? date
            } else {
                start = calendar.dateInterval(of: component, for: date)?.start ?? date
            }
            if unit == .week { start = calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? start }
            return Int64((start.timeIntervalSince1970 * 1000).rounded()) + offset
        }
    }

    /// The start of the bucket after the one starting at `key`.
    func next(_ key: Int64) -> Int64 {
        switch interval {
        case .fixed(let length): return round(key + length.milliseconds)
        case .calendar(let unit):
            if let fixedOffset = Optional(fixedOffset), fixedOffset != nil, let length = Self.length(of: unit)
            {
                return key + length
            }
            let date = Date(timeIntervalSince1970: Double(key - offset) / 1000)
            let (component, amount): (Calendar.Component, Int) =
                switch unit {
                case .minute: (.minute, 1)
                case .hour: (.hour, 1)
                case .day: (.day, 1)
                case .week: (.day, 7)
                case .month: (.month, 1)
                case .quarter: (.month, 3)
                case .year: (.year, 1)
                }
            let next = calendar.date(byAdding: component, value: amount, to: date) ?? date
            return round(Int64((next.timeIntervalSince1970 * 1000).rounded()) + offset)
        }
    }

    private func offsetSeconds(_ millis: Int64) -> Int {
        fixedOffset ?? timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))
    }

    private static func length(of unit: DateHistogramAggregation.CalendarUnit) -> Int64? {
        switch unit {
        case .minute: 60_000
        case .hour: 3_600_000
        case .day: 86_400_000
        case .week: 7 * 86_400_000
        case .month, .quarter, .year: nil
        }
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (eras of 400 years).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day (from 1970-01-01) of a proleptic Gregorian date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func floor(_ value: Int64, _ length: Int64) -> Int64 {
        value >= 0 ? value / length * length : (value - length + 1) / length * length
    }
}
