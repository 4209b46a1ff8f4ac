import ESModels
import Foundation

/// Collects the problems of one document while its fields are converted, so that every bad
/// value is reported at once.
struct FieldValidator {
    private(set) var problems: [String]

    /// A date stored as ISO 8601 text.
    mutating func date(_ text: String, _ field: String) -> Date {
        // The CMS stores ISO 8601 text; a bare number (which Elasticsearch would read as
        // epoch milliseconds) is a bad value here.
        guard text.utf8.count >= 10, text.utf8.dropFirst(4).first == UInt8(ascii: "-"),
            let date = ISODate.date(from: text)
        else {
            problems.append("'\(field)' is not an ISO 8601 date: '\(text)'")
            return Date(timeIntervalSince1970: 0)
        }
        return date
    }

    /// A value of an enumeration stored as text.
    mutating func value<Value: RawRepresentable & CaseIterable>(
        _ text: String, _ field: String, as type: Value.Type
    ) -> Value? where Value.RawValue == String {
        if let value = Value(rawValue: text) { return value }
        let known = Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        problems.append("'\(field)' is '\(text)', expected one of \(known)")
        return nil
    }

    /// A period whose end must follow its start.
    mutating func period(start: Date, end: Date, _ what: String) {
        if end <= start, start.timeIntervalSince1970 != 0, end.timeIntervalSince1970 != 0 {
            problems.append(
                "\(what) ends (\(ISODate.string(from: end))) before it starts (\(ISODate.string(from: start)))"
            )
        }
    }

    /// Records a problem.
    mutating func fail(_ problem: String) {
        problems.append(problem)
    }

    /// Throws the collected problems, if any.
    func check(index: IndexName, id: String) throws(DocumentError) {
        if !problems.isEmpty { throw DocumentError(index: index.rawValue, id: id, reasons: problems) }
    }
}
