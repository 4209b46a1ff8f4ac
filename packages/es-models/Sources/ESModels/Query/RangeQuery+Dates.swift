import Foundation

/// The inclusive bounds, in epoch milliseconds, that a range query selects on a date field.
public struct DateRangeBounds: Sendable, Equatable {
    /// The smallest instant included; `nil` for no lower bound.
    public var lower: Int?
    /// The largest instant included; `nil` for no upper bound.
    public var upper: Int?

    /// Creates bounds.
    public init(lower: Int?, upper: Int?) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `millis` lies within the bounds.
    public func contains(_ millis: Int) -> Bool {
        (lower.map { millis >= $0 } ?? true) && (upper.map { millis <= $0 } ?? true)
    }
}

extension RangeQuery {
    /// Resolves the bounds on a date field exactly as Elasticsearch does: date math against
    /// `now`, `gt`/`lte` rounded up and `gte`/`lt` rounded down, exclusive bounds turned
    /// into inclusive ones a millisecond inside.
    ///
    /// - Parameters:
    ///   - now: the instant `now` stands for (from a ``WallClock``).
    ///   - fieldFormat: the field's mapped `format`, used unless the query sets its own.
    /// - Throws: `parse_exception` for a bound that is not a date, or
    ///   `illegal_argument_exception` for a bad `format` or `time_zone`.
    public func dateBounds(now: Date, fieldFormat: String? = nil) throws -> DateRangeBounds {
        // Formats come from the shared cache: compiling one costs more than resolving the bounds.
        let format = try (self.format ?? fieldFormat).map(DateFormat.cached) ?? .default
        let zone = try timeZone.map(DateMath.timeZone)
        func resolve(_ value: JSONValue, roundUp: Bool) throws -> Int {
            if case .string(let text) = value {
                return try DateMath.resolveMillis(
                    text, now: now, roundUp: roundUp, timeZone: zone, format: format)
            }
            return try format.parseMillis(value, roundUp: roundUp, timeZone: zone)
        }
        var lower: Int?
        var upper: Int?
        if let gte { lower = try resolve(gte, roundUp: false) }
        if let gt {
            let bound = try resolve(gt, roundUp: true) + 1
            lower = max(lower ?? bound, bound)
        }
        if let lte { upper = try resolve(lte, roundUp: true) }
        if let lt {
            let bound = try resolve(lt, roundUp: false) - 1
            upper = min(upper ?? bound, bound)
        }
        return DateRangeBounds(lower: lower, upper: upper)
    }
}
