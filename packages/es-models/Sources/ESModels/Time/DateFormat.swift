import Foundation

/// An Elasticsearch date format: one or more alternatives separated by `||`, each a
/// built-in name (`strict_date_optional_time`, `epoch_millis`, `date`, ...) or a Java-style
/// pattern (`yyyy-MM-dd HH:mm:ss`).
///
/// ```swift
/// let format = try DateFormat("yyyy-MM-dd||epoch_millis")
/// try format.parseMillis("2024-03-01")              // 1709251200000
/// try format.parseMillis("2024-03", roundUp: true)  // fills missing time with 23:59:59.999
/// ```
public struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    enum Alternative: Sendable, Equatable {
        case epochMillis
        case epochSecond
        case pattern(DatePattern)
    }

    /// The format as written.
    public let spec: String
    let alternatives: [Alternative]

    /// Elasticsearch's default for `date` fields.
    public static let defaultSpec = "strict_date_optional_time||epoch_millis"

    /// `strict_date_optional_time||epoch_millis`.
    public static let `default`: DateFormat = {
        let iso = DatePattern.iso
        return DateFormat(spec: defaultSpec, alternatives: [.pattern(iso), .epochMillis])
    }()

    private init(spec: String, alternatives: [Alternative]) {
        self.spec = spec
        self.alternatives = alternatives
    }

    /// Compiles a format.
    ///
    /// - Throws: `illegal_argument_exception` "Invalid format: [...]" for an unknown name or
    ///   an unsupported pattern letter.
    public init(_ spec: String) throws {
        guard !spec.isEmpty else {
            throw ElasticsearchError.illegalArgument("Invalid format: []: empty format")
        }
        var alternatives: [Alternative] = []
        for part in spec.components(separatedBy: "||") {
            let name = part.trimmingCharacters(in: .whitespaces)
            switch name {
            case "epoch_millis": alternatives.append(.epochMillis)
            case "epoch_second": alternatives.append(.epochSecond)
            default:
                if let pattern = Self.namedPatterns[name] {
                    alternatives.append(.pattern(try DatePattern(pattern)))
                } else if name.contains("_") && name.allSatisfy({ $0.isLowercase || $0 == "_" }) {
                    throw ElasticsearchError.illegalArgument(
                        "Invalid format: [\(name)]: unknown built-in format name")
                } else {
                    alternatives.append(.pattern(try DatePattern(name)))
                }
            }
        }
        self.init(spec: spec, alternatives: alternatives)
    }

    public var description: String { spec }

    /// Built-in format names and the patterns they stand for.
    static let namedPatterns: [String: String] = {
        let iso = "yyyy[-MM[-dd['T'HH[:mm[:ss[.SSS]]][XXX]]]]"
        let lenientISO = "yyyy[-M[-d['T'H[:m[:s[.SSS]]][XXX]]]]"
        var names: [String: String] = [
            "strict_date_optional_time": iso, "strict_date_optional_time_nanos": iso,
            "date_optional_time": lenientISO,
            "iso8601": lenientISO,
            "strict_date": "yyyy-MM-dd", "date": "yyyy-M-d", "strict_year_month_day": "yyyy-MM-dd",
            "year_month_day": "yyyy-M-d", "strict_year_month": "yyyy-MM", "year_month": "yyyy-M",
            "strict_year": "yyyy", "year": "yyyy",
            "strict_date_time": "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "date_time": "yyyy-M-d'T'H:m:s.SSSXXX",
            "strict_date_time_no_millis": "yyyy-MM-dd'T'HH:mm:ssXXX",
            "date_time_no_millis": "yyyy-M-d'T'H:m:sXXX",
            "strict_date_hour_minute_second": "yyyy-MM-dd'T'HH:mm:ss",
            "date_hour_minute_second": "yyyy-M-d'T'H:m:s",
            "strict_date_hour_minute_second_millis": "yyyy-MM-dd'T'HH:mm:ss.SSS",
            "strict_date_hour_minute_second_fraction": "yyyy-MM-dd'T'HH:mm:ss.SSS",
            "strict_date_hour_minute": "yyyy-MM-dd'T'HH:mm", "strict_date_hour": "yyyy-MM-dd'T'HH",
            "strict_hour_minute_second": "HH:mm:ss", "strict_hour_minute": "HH:mm", "strict_hour": "HH",
            "basic_date": "yyyyMMdd", "basic_date_time": "yyyyMMdd'T'HHmmss.SSSX",
            "basic_date_time_no_millis": "yyyyMMdd'T'HHmmssX",
        ]
        names["date_hour_minute_second_millis"] = names["strict_date_hour_minute_second_millis"]
        return names
    }()

    /// Parses a date string to epoch milliseconds with the first alternative that matches.
    ///
    /// - Parameters:
    ///   - text: the date.
    ///   - roundUp: fill missing time fields with their largest value (23:59:59.999), as
    ///     Elasticsearch does for `gt` and `lte` bounds; month and day still default to 1.
    ///   - timeZone: the zone of a text without an offset (UTC by default).
    /// - Throws: `parse_exception` "failed to parse date field [text] with format [spec]".
    public func parseMillis(_ text: String, roundUp: Bool = false, timeZone: TimeZone? = nil) throws -> Int {
        for alternative in alternatives {
            switch alternative {
            case .epochMillis:
                if let millis = Self.epoch(text, scale: 1) { return millis }
            case .epochSecond:
                if let millis = Self.epoch(text, scale: 1000) { return millis }
            case .pattern(let pattern):
                if let components = pattern.parse(text),
                    let millis = components.epochMillis(roundUp: roundUp, timeZone: timeZone)
                {
                    return millis
                }
            }
        }
        throw ElasticsearchError.parse("failed to parse date field [\(text)] with format [\(spec)]")
    }

    /// Parses a JSON value of a date field: a string, or a number read as text (so
    /// `epoch_millis` reads `1700000000000`, and a `yyyy` format reads `2015`).
    public func parseMillis(_ value: JSONValue, roundUp: Bool = false, timeZone: TimeZone? = nil) throws
        -> Int
    {
        switch value {
        case .string(let text): return try parseMillis(text, roundUp: roundUp, timeZone: timeZone)
        case .int(let number): return try parseMillis(String(number), roundUp: roundUp, timeZone: timeZone)
        case .double(let number) where alternatives.contains(.epochMillis):
            return Int(number.rounded(.down))
        default:
            throw ElasticsearchError.parse("failed to parse date field [\(value)] with format [\(spec)]")
        }
    }

    private static func epoch(_ text: String, scale: Int) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, let value = Int(whole) else { return nil }
        var millis = value.multipliedReportingOverflow(by: scale)
        guard !millis.overflow else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber) else { return nil }
            if scale == 1000 {
                let fraction = Int(parts[1].prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0
                millis.partialValue += value < 0 || whole.hasPrefix("-") ? -fraction : fraction
            }
        }
        return millis.partialValue
    }
}

extension DatePattern {
    /// `strict_date_optional_time`, the default ISO 8601 form.
    static let iso: DatePattern = {
        do {
            return try DatePattern("yyyy[-MM[-dd['T'HH[:mm[:ss[.SSS]]][XXX]]]]")
        } catch {
            preconditionFailure("the built-in iso pattern must compile: \(error)")
        }
    }()
}

extension DateComponentsParsed {
    /// The instant these fields name, or `nil` when a field is out of range.
    func epochMillis(roundUp: Bool, timeZone: TimeZone?) -> Int? {
        let year = year ?? 1970
        let month = month ?? 1
        let day = day ?? 1
        let hour = hour ?? (roundUp ? 23 : 0)
        let minute = minute ?? (roundUp ? 59 : 0)
        let second = second ?? (roundUp ? 59 : 0)
        let millis = nanos.map { $0 / 1_000_000 } ?? (roundUp ? 999 : 0)
        guard (1...12).contains(month), (1...CivilTime.daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let local =
            CivilTime.days(year: year, month: month, day: day) * CivilTime.millisPerDay
            + ((hour * 60 + minute) * 60 + second) * 1000 + millis
        if let offsetSeconds { return local - offsetSeconds * 1000 }
        guard let timeZone else { return local }
        // Resolve the zone's offset at that local time (twice, to settle across a DST change).
        let guess = Date(epochMillis: local)
        let first = local - timeZone.secondsFromGMT(for: guess) * 1000
        return local - timeZone.secondsFromGMT(for: Date(epochMillis: first)) * 1000
    }
}
