import ESModels
import Foundation

/// Reads the dates the indexer writes (`2025-06-01T12:00:00Z`, `2025-06-01T12:00:00.250Z`)
/// without the general date-format machinery, which costs more than the rest of reading a
/// document; any other form goes to es-models' `ISODate`, which reads every default format.
enum StoredDate {
    /// The instant `text` names; `nil` when it is no date.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in fastParse(bytes) } ?? ISODate.date(from: text)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` only.
    private static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20 || bytes.count == 24, bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[bytes.count - 1] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), day >= 1,
            day <= daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
        else { return nil }
        var millis = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = number(20, 3) else { return nil }
            millis = fraction
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(epochMillis: ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
