import Foundation

/// A duration as Elasticsearch's time values write it (`30s`, `1m`, `500ms`, `2h`, `1d`), in
/// whole milliseconds.
///
/// ```swift
/// try TimeValue(parsing: "90s", setting: "scroll").milliseconds  // 90000
/// ```
public struct TimeValue: Sendable, Equatable, CustomStringConvertible {
    /// The duration in milliseconds.
    public var milliseconds: Int64

    /// A duration of `milliseconds`.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Parses a time value: a whole number and a unit (`nanos` and `micros` round to 0), or `-1`
    /// and `0`, which are 0.
    ///
    /// - Parameters:
    ///   - text: the value as written (`30s`, `1m`).
    ///   - setting: the setting or parameter named in the error.
    /// - Throws: `illegal_argument_exception` "failed to parse setting [setting] with value [x]
    ///   as a time value: unit is missing or unrecognized", as Elasticsearch words it.
    public init(parsing text: String, setting: String) throws {
        let units: [(String, Int64)] = [
            ("nanos", 0), ("micros", 0), ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
            ("d", 86_400_000),
        ]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count)
            guard let value = Int64(number), value >= 0 else { break }
            self.milliseconds = factor == 0 ? 0 : value * factor
            return
        }
        if trimmed == "-1" || trimmed == "0" {
            self.milliseconds = 0
            return
        }
        throw ElasticsearchError.illegalArgument(
            "failed to parse setting [\(setting)] with value [\(text)] as a time value: unit is missing or unrecognized"
        )
    }

    /// `<milliseconds>ms`, a form ``init(parsing:setting:)`` reads back.
    public var description: String { "\(milliseconds)ms" }
}
