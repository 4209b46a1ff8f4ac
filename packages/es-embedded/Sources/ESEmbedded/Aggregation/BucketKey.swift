import ESModels

/// The key of a bucket: a keyword, a whole number (longs, dates, booleans) or a fraction.
enum BucketKey: Hashable, Sendable {
    case text(String)
    case integer(Int64)
    case floating(Double)

    /// Orders keys as Elasticsearch orders `_key`: numbers numerically, strings by bytes.
    static func precedes(_ lhs: BucketKey, _ rhs: BucketKey) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.text, _): false
        case (_, .text): true
        default: lhs.number < rhs.number
        }
    }

    var number: Double {
        switch self {
        case .integer(let value): Double(value)
        case .floating(let value): value
        case .text: .nan
        }
    }
}

/// Date rendering for `key_as_string` and `value_as_string`: the default
/// `strict_date_optional_time` form (`2024-03-14T00:00:00.000Z`), `epoch_millis`, or a pattern
/// of `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, `SSS` and literals.
struct DateRenderer {
    var pattern: String?
    var offsetSeconds: (Int64) -> Int

    func render(_ millis: Int64) -> String {
        let offset = offsetSeconds(millis)
        let local = millis + Int64(offset) * 1000
        var days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
        let dayMillis = local - days * 86_400_000
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let parts: [String: String] = [
            "yyyy": Self.pad(year, 4), "MM": Self.pad(month, 2), "dd": Self.pad(day, 2),
            "HH": Self.pad(dayMillis / 3_600_000, 2), "mm": Self.pad(dayMillis / 60_000 % 60, 2),
            "ss": Self.pad(dayMillis / 1000 % 60, 2), "SSS": Self.pad(dayMillis % 1000, 3),
        ]
        guard let pattern, pattern != "strict_date_optional_time", pattern != "date_optional_time" else {
            let zone: String
            if offset == 0 {
                zone = "Z"
            } else {
                let magnitude = abs(offset)
                zone =
                    (offset < 0 ? "-" : "+") + Self.pad(Int64(magnitude / 3600), 2) + ":"
                    + Self.pad(Int64(magnitude / 60 % 60), 2)
            }
            return
                "\(parts["yyyy", default: ""])-\(parts["MM", default: ""])-\(parts["dd", default: ""])T\(parts["HH", default: ""]):\(parts["mm", default: ""]):\(parts["ss", default: ""]).\(parts["SSS", default: ""])\(zone)"
        }
        if pattern == "epoch_millis" { return String(millis) }
        if pattern == "epoch_second" { return String(millis / 1000) }
        var output = ""
        var rest = Substring(pattern)
        outer: while !rest.isEmpty {
            for token in ["yyyy", "SSS", "MM", "dd", "HH", "mm", "ss"] where rest.hasPrefix(token) {
                output += parts[token] ?? ""
                rest = rest.dropFirst(token.count)
                continue outer
            }
            if rest.first == "'" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "'" {
                    output.append(character)
                    rest = rest.dropFirst()
                }
                rest = rest.dropFirst()
                continue
            }
            output.append(rest.removeFirst())
        }
        return output
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
