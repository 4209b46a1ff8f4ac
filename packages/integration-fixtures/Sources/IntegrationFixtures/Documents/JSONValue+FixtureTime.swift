import ESModels
import Foundation

extension JSONValue {
    /// A date in the past: a week before the frozen "now" (`now-7d`), resolved when the fixture
    /// is loaded, so `["end": .datetimePassed]` makes a license window or promo that has ended.
    public static let datetimePassed: JSONValue = "now-7d"

    /// A date in the future: a week after the frozen "now" (`now+7d`), so `["start":
    /// .datetimeFuture]` makes a window or promo that has not started yet.
    public static let datetimeFuture: JSONValue = "now+7d"

    /// A date `days` days from the frozen "now" (before it when negative), as date math.
    public static func datetime(daysFromNow days: Int) -> JSONValue {
        .string(days < 0 ? "now\(days)d" : "now+\(days)d")
    }

    /// An absolute date, as Elasticsearch's default format writes it.
    public static func datetime(_ date: Date) -> JSONValue {
        .string(ISODate.string(from: date))
    }
}
