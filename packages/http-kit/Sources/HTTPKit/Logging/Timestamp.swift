#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A wall-clock instant split into UTC calendar fields, formatted without Foundation's
/// formatters (which are slow and allocate); used for log lines and the `Date` header.
package struct Timestamp: Sendable, Equatable {
    /// Seconds since the Unix epoch.
    package var seconds: Int
    /// Milliseconds within the second.
    package var milliseconds: Int

    package init(seconds: Int, milliseconds: Int) {
        self.seconds = seconds
        self.milliseconds = milliseconds
    }

    /// The current wall-clock time.
    package static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int(spec.tv_sec), milliseconds: Int(spec.tv_nsec) / 1_000_000)
    }

    private var fields: tm {
        var time = time_t(seconds)
        var result = tm()
        gmtime_r(&time, &result)
        return result
    }

    /// `2025-01-31T09:15:02.123Z`.
    package var iso8601: String {
        let t = fields
        return "\(Int(t.tm_year) + 1900)-\(pad(Int(t.tm_mon) + 1))-\(pad(Int(t.tm_mday)))T"
            + "\(pad(Int(t.tm_hour))):\(pad(Int(t.tm_min))):\(pad(Int(t.tm_sec))).\(pad(milliseconds, width: 3))Z"
    }

    /// The HTTP date format (RFC 9110, section 5.6.7): `Fri, 31 Jan 2025 09:15:02 GMT`.
    package var httpDate: String {
        let t = fields
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return
            "\(days[Int(t.tm_wday)]), \(pad(Int(t.tm_mday))) \(months[Int(t.tm_mon)]) \(Int(t.tm_year) + 1900) "
            + "\(pad(Int(t.tm_hour))):\(pad(Int(t.tm_min))):\(pad(Int(t.tm_sec))) GMT"
    }

    private func pad(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
