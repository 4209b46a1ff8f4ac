import Foundation

/// The date text our documents use: ISO 8601 in UTC, `2024-01-01T10:00:00Z`, with
/// milliseconds only when there are some (`2024-01-01T10:00:00.250Z`). Elasticsearch's
/// default date format reads it.
public enum ISODate {
    /// Formats an instant.
    public static func string(from date: Date) -> String {
        string(fromMillis: date.epochMillis)
    }

    /// Formats epoch milliseconds.
    public static func string(fromMillis millis: Int) -> String {
        let (days, remainder) = CivilTime.floorDivide(millis, CivilTime.millisPerDay)
        let (year, month, day) = CivilTime.date(days: days)
        let fraction = remainder % 1000
        let seconds = remainder / 1000
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        if fraction != 0 { text += ".\(pad(fraction, 3))" }
        return text + "Z"
    }

    /// Parses a date in Elasticsearch's default format (`strict_date_optional_time` or
    /// epoch milliseconds); `nil` when it is not one.
    public static func date(from text: String) -> Date? {
        (try? DateFormat.default.parseMillis(text)).map(Date.init(epochMillis:))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded =
            digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }
}
