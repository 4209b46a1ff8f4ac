import ESModels

/// A fast reader for the dates documents carry most: `yyyy-MM-dd` and
/// `yyyy-MM-ddTHH:mm:ss[.SSS](Z|±HH:mm)`, as Elasticsearch's default format
/// (`strict_date_optional_time`) reads them. Anything else returns `nil` and goes to the
/// general `DateFormat` parser, which gives the same answer for these forms.
enum FastISODate {
    /// Epoch milliseconds of `text`, or `nil` when it is not one of the fast forms.
    static func millis(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count == 10 || bytes.count >= 20 else { return nil }
            guard let year = number(bytes, 0, 4), bytes[4] == 0x2D, let month = number(bytes, 5, 2),
                bytes[7] == 0x2D,
                let day = number(bytes, 8, 2), (1...12).contains(month), day >= 1,
                day <= CivilTime.daysInMonth(year: year, month: month)
            else { return nil }
            let days = CivilTime.days(year: year, month: month, day: day)
            if bytes.count == 10 { return days * CivilTime.millisPerDay }
            guard bytes[10] == 0x54, let hour = number(bytes, 11, 2), bytes[13] == 0x3A,
                let minute = number(bytes, 14, 2),
                bytes[16] == 0x3A, let second = number(bytes, 17, 2), hour < 24, minute < 60, second < 60
            else { return nil }
            var position = 19
            var millis = 0
            if bytes[position] == 0x2E {
                guard bytes.count >= position + 4, let fraction = number(bytes, position + 1, 3) else {
                    return nil
                }
                millis = fraction
                position += 4
            }
            var offsetMinutes = 0
            if position == bytes.count - 1, bytes[position] == 0x5A {
                offsetMinutes = 0
            } else if position == bytes.count - 6, bytes[position] == 0x2B || bytes[position] == 0x2D,
                let offsetHours = number(bytes, position + 1, 2), bytes[position + 3] == 0x3A,
                let offsetMins = number(bytes, position + 4, 2), offsetHours <= 18, offsetMins < 60
            {
                offsetMinutes = (offsetHours * 60 + offsetMins) * (bytes[position] == 0x2D ? -1 : 1)
            } else {
                return nil
            }
            return days * CivilTime.millisPerDay + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000
                + millis
        }
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + length) {
            let digit = Int(bytes[index]) - 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
