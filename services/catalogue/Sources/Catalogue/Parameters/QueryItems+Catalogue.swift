import CLIKit
import ESModels
import Foundation
import HTTPKit

extension QueryItems {
    /// The first value of `name`, trimmed; `nil` when absent or empty.
    func trimmed(_ name: String) -> String? {
        guard let raw = self[name] else { return nil }
        // Most values start and end with a visible ASCII character: nothing to trim, and no
        // need for Foundation's Unicode whitespace set.
        if let first = raw.utf8.first, let last = raw.utf8.last, Self.isVisibleASCII(first),
            Self.isVisibleASCII(last)
        {
            return raw
        }
        let value = raw.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// The value of `name` as an integer in `range`, or `defaultValue` when absent.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)``.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = trimmed(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw CatalogueError.invalidParameter(
                name: name, value: text,
                expected: "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The value of `name` as a boolean (`true`/`false`/`1`/`0`), or `nil` when absent.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)``.
    func boolean(_ name: String) throws -> Bool? {
        guard let text = trimmed(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw CatalogueError.invalidParameter(
                name: name, value: text, expected: "must be 'true' or 'false'")
        }
    }

    /// Every comma-separated value of `name` (and `name[]`), trimmed, each one of `choices`.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` naming the accepted
    ///   values and the likely intended one.
    func choices<Choice: RawRepresentable & CaseIterable>(_ name: String, of type: Choice.Type) throws
        -> [Choice]
    where Choice.RawValue == String {
        try values(name, separatedBy: ",").map { text in
            guard let choice = Choice(rawValue: text.lowercased()) else {
                let accepted = Choice.allCases.map(\.rawValue)
                let hint =
                    NearMatch.closest(to: text, among: accepted).map { " (did you mean '\($0)'?)" } ?? ""
                throw CatalogueError.invalidParameter(
                    name: name, value: text, expected: "must be \(NearMatch.list(accepted))\(hint)")
            }
            return choice
        }
    }

    /// Every comma-separated identifier given in `name` (and `name[]`).
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for a value that is
    ///   not an identifier.
    func identifiers(_ name: String) throws -> [String] {
        try values(name, separatedBy: ",").map { value in
            guard Identifier.isValid(value) else {
                throw CatalogueError.invalidParameter(name: name, value: value, expected: Identifier.rule)
            }
            return value
        }
    }

    /// The language given in `name`, or `nil` when absent.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` for an unknown code.
    func language(_ name: String) throws -> LanguageCode? {
        guard let text = trimmed(name) else { return nil }
        guard let language = LanguageCode(text) else {
            throw CatalogueError.invalidParameter(
                name: name, value: text,
                expected: "must be an ISO 639-2 language code such as 'eng', 'fra' or 'swa'")
        }
        return language
    }

    /// The instant given in `name` (`2025-06-01`, `2025-06-01T18:30:00Z`, with an offset or
    /// fraction), or `nil` when absent.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)``.
    func date(_ name: String) throws -> Date? {
        guard let text = trimmed(name) else { return nil }
        guard let date = ISODate.date(from: text) ?? RFC3339.date(from: text) else {
            throw CatalogueError.invalidParameter(
                name: name, value: text,
                expected:
                    "must be an ISO 8601 date or date-time such as '2025-06-01' or '2025-06-01T18:30:00Z'")
        }
        return date
    }
}

/// The shape of ids the catalogue accepts (uuids, slugs, codes).
enum Identifier {
    /// What a valid identifier is made of, for messages.
    static let shape = "1 to 128 letters, digits, '-', '_', '.' or ':'"

    /// The rule as a parameter expectation.
    static let rule = "must be \(shape)"

    /// Whether `value` has the shape of an identifier.
    static func isValid(_ value: String) -> Bool {
        guard (1...128).contains(value.utf8.count) else { return false }
        return value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }
}

/// RFC 3339 date-times Elasticsearch's date format does not read: lower-case `t` and `z`, more
/// than 9 digits of fraction, and offsets past ±18:00 (RFC 3339 allows up to ±23:59). What the
/// OpenAPI document's `format: date-time` promises, the catalogue accepts.
enum RFC3339 {
    static func date(from text: String) -> Date? {
        var local = Array(text.uppercased().utf8)
        var offsetSeconds = 0
        // A numeric offset: ±HH:MM at the end.
        if local.count > 6, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(local[local.count - 6]),
            local[local.count - 3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: local[(local.count - 5)..<(local.count - 3)], as: UTF8.self)),
            let minutes = Int(String(decoding: local[(local.count - 2)...], as: UTF8.self)),
            (0...23).contains(hours),
            (0...59).contains(minutes)
        {
            let sign = local[local.count - 6] == UInt8(ascii: "+") ? 1 : -1
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
            local.removeLast(6)
            local.append(UInt8(ascii: "Z"))
        }
        // At most 9 digits of fraction.
        if let dot = local.firstIndex(of: UInt8(ascii: ".")) {
            var end = dot + 1
            while end < local.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(local[end]) { end += 1 }
            if end - dot - 1 > 9 { local.removeSubrange((dot + 10)..<end) }
        }
        guard let utc = ISODate.date(from: String(decoding: local, as: UTF8.self)) else { return nil }
        return utc.addingTimeInterval(TimeInterval(-offsetSeconds))
    }
}
