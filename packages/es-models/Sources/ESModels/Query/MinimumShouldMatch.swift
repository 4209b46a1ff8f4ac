import Foundation

/// `minimum_should_match`: how many optional clauses must match, in any form Elasticsearch
/// accepts.
///
/// ```swift
/// MinimumShouldMatch.count(2)              // 2
/// MinimumShouldMatch.count(-1)             // all but one
/// MinimumShouldMatch.percentage(75)        // "75%", rounded down
/// MinimumShouldMatch(spec: "3<90%")        // all up to 3 clauses, then 90%
/// ```
public enum MinimumShouldMatch: Sendable, Equatable, ExpressibleByIntegerLiteral {
    /// A fixed number; negative means "all but that many".
    case count(Int)
    /// A percentage of the clauses, rounded down; negative means "all but that percentage".
    case percentage(Int)
    /// Conditional specs (`"3<90%"`, `"2<-25% 9<-3"`), kept as written and validated.
    case combination(String)

    public init(integerLiteral value: Int) {
        self = .count(value)
    }

    /// Parses a spec (`"2"`, `"-1"`, `"75%"`, `"3<90%"`, `"2<-25% 9<-3"`); `nil` when invalid.
    public init?(spec: String) {
        let trimmed = spec.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("<") {
            let normalized = Self.normalizeCombination(trimmed)
            for condition in normalized.split(separator: " ") {
                let parts = condition.split(separator: "<", omittingEmptySubsequences: false)
                guard parts.count == 2, Int(parts[0]) != nil, Self.simple(String(parts[1])) != nil else {
                    return nil
                }
            }
            self = .combination(normalized)
        } else if let simple = Self.simple(trimmed) {
            self = simple
        } else {
            return nil
        }
    }

    private static func simple(_ spec: String) -> MinimumShouldMatch? {
        if spec.hasSuffix("%") {
            return Int(spec.dropLast()).map(MinimumShouldMatch.percentage)
        }
        return Int(spec).map(MinimumShouldMatch.count)
    }

    private static func normalizeCombination(_ spec: String) -> String {
        var text = spec
        while text.contains(" <") { text = text.replacingOccurrences(of: " <", with: "<") }
        while text.contains("< ") { text = text.replacingOccurrences(of: "< ", with: "<") }
        return text.split(separator: " ").joined(separator: " ")
    }

    /// The spec as Elasticsearch writes it (`"2"`, `"75%"`, `"3<90%"`).
    public var spec: String {
        switch self {
        case .count(let number): String(number)
        case .percentage(let percent): "\(percent)%"
        case .combination(let text): text
        }
    }

    /// How many of `optionalClauses` clauses must match, computed exactly as Elasticsearch
    /// does; may exceed `optionalClauses` (then nothing matches), never below 0.
    public func required(outOf optionalClauses: Int) -> Int {
        switch self {
        case .count(let number):
            return max(0, number < 0 ? optionalClauses + number : number)
        case .percentage(let percent):
            // Elasticsearch computes in float and truncates toward zero.
            let calculated = Float(optionalClauses * percent) * (1 / Float(100))
            return max(0, calculated < 0 ? optionalClauses + Int(calculated) : Int(calculated))
        case .combination(let text):
            var result = optionalClauses
            for condition in text.split(separator: " ") {
                let parts = condition.split(separator: "<", omittingEmptySubsequences: false)
                guard parts.count == 2, let bound = Int(parts[0]), let rule = Self.simple(String(parts[1]))
                else {
                    continue
                }
                if optionalClauses <= bound { return result }
                result = rule.required(outOf: optionalClauses)
            }
            return result
        }
    }

    /// `2` as a JSON number, any other form as a string.
    var json: JSONValue {
        if case .count(let number) = self { return .int(number) }
        return .string(spec)
    }

    /// Decodes a number or a string spec.
    init(json: JSONValue, context: String) throws {
        if let number = json.intValue {
            self = .count(number)
            return
        }
        guard let text = json.stringValue, let parsed = MinimumShouldMatch(spec: text) else {
            throw ElasticsearchError.parsing(
                "[\(context)] minimum_should_match [\(json)] is not a valid value")
        }
        self = parsed
    }
}
