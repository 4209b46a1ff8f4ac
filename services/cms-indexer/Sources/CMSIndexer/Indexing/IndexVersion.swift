import ESModels
import Foundation

/// Versioned concrete index names: `<alias>-<yyyyMMddHHmmssSSS>` in UTC, from the injected
/// clock, always later than every existing version (two runs in the same millisecond, or a
/// clock set back, still get distinct, increasing names).
public enum IndexVersion {
    /// The version string of an instant: 17 digits, `20240301102030123`.
    public static func string(from date: Date) -> String {
        let digits = ISODate.string(fromMillis: date.epochMillis).filter(\.isNumber)
        return digits.count >= 17
            ? String(digits.prefix(17)) : digits + String(repeating: "0", count: 17 - digits.count)
    }

    /// The instant of a version string; `nil` when it is not one.
    public static func date(from version: String) -> Date? {
        guard version.count == 17, version.allSatisfy(\.isASCIIDigit) else { return nil }
        let c = Array(version)
        let iso =
            "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[8..<10])):\(String(c[10..<12])):\(String(c[12..<14])).\(String(c[14..<17]))Z"
        return ISODate.date(from: iso)
    }

    /// The version of a concrete index of `alias`, or `nil` when `index` is not one of ours.
    public static func version(of index: String, alias: String) -> String? {
        let prefix = "\(alias)-"
        guard index.hasPrefix(prefix) else { return nil }
        let version = String(index.dropFirst(prefix.count))
        return date(from: version) == nil ? nil : version
    }

    /// The next version: `now`, or one millisecond after the latest existing version when
    /// that is not earlier.
    public static func next(now: Date, existing: [String]) -> String {
        var candidate = now
        if let latest = existing.compactMap(date(from:)).max(), latest.epochMillis >= candidate.epochMillis {
            candidate = Date(epochMillis: latest.epochMillis + 1)
        }
        return string(from: candidate)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
