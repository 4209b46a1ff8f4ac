import Foundation

/// Elasticsearch date math: `now-1d/d`, `2024-01-01||+1M/d`, resolved against an injected
/// "now", exactly as Elasticsearch resolves range bounds.
///
/// An expression is an anchor (`now`, or a date followed by `||`) and operations: `+N<unit>`,
/// `-N<unit>` and `/<unit>` (round), with units `y`, `M`, `w`, `d`, `h`/`H`, `m`, `s`.
/// Rounding goes down to the first millisecond of the unit, or, with `roundUp`, to its last
/// millisecond. A range query rounds `gt` and `lte` up and `gte` and `lt` down.
///
/// ```swift
/// let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
/// try DateMath.resolve("now-1d/d", now: now)                // 2023-11-13T00:00:00.000Z
/// try DateMath.resolve("now/d", now: now, roundUp: true)    // 2023-11-14T23:59:59.999Z
/// try DateMath.resolve("2024-01-31||+1M", now: now)         // 2024-02-29T00:00:00.000Z
/// ```
public enum DateMath {
    /// Resolves an expression to epoch milliseconds.
    ///
    /// - Parameters:
    ///   - expression: the date-math expression or a plain date.
    ///   - now: the instant `now` stands for.
    ///   - roundUp: round to the last millisecond of rounded units and fill missing time
    ///     fields of a plain date with their largest value.
    ///   - timeZone: the zone for rounding and for dates without an offset (UTC when `nil`).
    ///   - format: how to parse the anchor date (the field's format).
    /// - Throws: `parse_exception` with Elasticsearch's reason (`operator not supported for
    ///   date math [...]`, `truncated date math [...]`, `unit [x] not supported for date math
    ///   [...]`, `failed to parse date field [...]`).
    public static func resolveMillis(
        _ expression: String, now: Date, roundUp: Bool = false, timeZone: TimeZone? = nil,
        format: DateFormat = .default
    ) throws -> Int {
        let anchor: Int
        let math: Substring
        if expression.hasPrefix("now") {
            anchor = now.epochMillis
            math = expression.dropFirst(3)
        } else if let separator = expression.range(of: "||") {
            anchor = try format.parseMillis(
                String(expression[..<separator.lowerBound]), roundUp: false, timeZone: timeZone)
            math = expression[separator.upperBound...]
        } else {
            return try format.parseMillis(expression, roundUp: roundUp, timeZone: timeZone)
        }
        return try apply(math, to: anchor, roundUp: roundUp, timeZone: timeZone ?? utc)
    }

    /// Resolves an expression to a `Date`; see ``resolveMillis(_:now:roundUp:timeZone:format:)``.
    public static func resolve(
        _ expression: String, now: Date, roundUp: Bool = false, timeZone: TimeZone? = nil,
        format: DateFormat = .default
    ) throws -> Date {
        Date(
            epochMillis: try resolveMillis(
                expression, now: now, roundUp: roundUp, timeZone: timeZone, format: format))
    }

    /// Parses a `time_zone` parameter: `"+01:00"`, `"-0530"`, `"Z"`, `"UTC"` or an IANA name.
    ///
    /// - Throws: `illegal_argument_exception` for an unknown zone.
    public static func timeZone(_ text: String) throws -> TimeZone {
        if text == "Z" || text == "UTC" || text == "GMT" { return utc }
        if let first = text.first, first == "+" || first == "-" {
            let digits = text.dropFirst().filter { $0 != ":" }
            if digits.count == 2 || digits.count == 4, let hours = Int(digits.prefix(2)),
                let minutes = Int(digits.count == 4 ? String(digits.suffix(2)) : "0"), hours <= 18,
                minutes < 60,
                let zone = TimeZone(secondsFromGMT: (first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            {
                return zone
            }
        } else if let zone = TimeZone(identifier: text) {
            return zone
        }
        throw ElasticsearchError.illegalArgument("Unknown time-zone ID: \(text)")
    }

    static let utc: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    private static func apply(_ math: Substring, to anchor: Int, roundUp: Bool, timeZone: TimeZone) throws
        -> Int
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        var date = Date(epochMillis: anchor)
        let characters = Array(math)
        var index = 0
        while index < characters.count {
            let operation = characters[index]
            index += 1
            guard operation == "/" || operation == "+" || operation == "-" else {
                throw ElasticsearchError.parse("operator not supported for date math [\(math)]")
            }
            guard index < characters.count else {
                throw ElasticsearchError.parse("truncated date math [\(math)]")
            }
            var amount = 1
            if characters[index].isNumber {
                let start = index
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    index += 1
                }
                guard index < characters.count else {
                    throw ElasticsearchError.parse("truncated date math [\(math)]")
                }
                guard let parsed = Int(String(characters[start..<index])) else {
                    throw ElasticsearchError.parse("truncated date math [\(math)]")
                }
                amount = parsed
            }
            let unitCharacter = characters[index]
            index += 1
            guard let unit = Self.unit(unitCharacter) else {
                throw ElasticsearchError.parse(
                    "unit [\(unitCharacter)] not supported for date math [\(math)]")
            }
            if operation == "/" {
                guard amount == 1 else {
                    throw ElasticsearchError.parse(
                        "rounding `/` can only be used on single unit types [\(math)]")
                }
                date = try round(date, to: unit, up: roundUp, calendar: calendar)
            } else {
                let signed = operation == "-" ? -amount : amount
                guard let moved = calendar.date(byAdding: unit, value: signed, to: date)
                else { throw ElasticsearchError.parse("date math [\(math)] is out of range") }
                date = moved
            }
        }
        return date.epochMillis
    }

    private static func unit(_ character: Character) -> Calendar.Component? {
        switch character {
        case "y": .year
        case "M": .month
        case "w": .weekOfYear
        case "d": .day
        case "h", "H": .hour
        case "m": .minute
        case "s": .second
        default: nil
        }
    }

    private static func round(_ date: Date, to unit: Calendar.Component, up: Bool, calendar: Calendar) throws
        -> Date
    {
        guard let interval = calendar.dateInterval(of: unit, for: date) else {
            throw ElasticsearchError.parse("cannot round date [\(date)] to [\(unit)]")
        }
        guard up else { return interval.start }
        return Date(epochMillis: interval.end.epochMillis - 1)
    }
}
