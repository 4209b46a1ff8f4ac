import ESModels
import Foundation

/// Converts one JSON value of a document to the indexed form of its field's type, with
/// Elasticsearch's rules: numbers and booleans are accepted as keyword/text (as their text),
/// numeric strings are coerced unless `coerce: false`, fractions are truncated for integer
/// types, `ignore_above` and `ignore_malformed` drop values instead of failing.
enum FieldValueConverter {
    /// Why a value does not fit: the cause Elasticsearch nests in its
    /// `document_parsing_exception`.
    struct Failure: Error {
        var cause: ErrorCause

        init(_ type: String, _ reason: String, causedBy: ErrorCause? = nil) {
            cause = ErrorCause(type: type, reason: reason, causedBy: causedBy)
        }
    }

    /// The indexed values of `value`, or `nil` when the field ignores it.
    static func convert(_ value: JSONValue, field: CompiledField) throws(Failure) -> FieldValues? {
        switch field.type {
        case .keyword:
            let text = try text(of: value)
            if let limit = field.ignoreAbove, text.utf16.count > limit { return nil }
            return .keyword(text)
        case .text:
            return .tokens(field.analyzer.tokens(try text(of: value)))
        case .boolean:
            return .booleans([try boolean(value)])
        case .date:
            do {
                return .point(Int64(try dateMillis(value, format: field.dateFormat)))
            } catch  where field.ignoreMalformed {
                return nil
            }
        case .integer, .long, .float, .double:
            do {
                return .point(try number(value, type: field.type, coerce: field.coerce))
            } catch  where field.ignoreMalformed {
                return nil
            }
        case .object, .nested, .denseVector, .binary, .rankFeature, .rankFeatures:
            return nil
        }
    }

    /// The text of a keyword or text value.
    static func text(of value: JSONValue) throws(Failure) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: throw Failure("illegal_state_exception", "Can't get text on a \(value.tokenName)")
        }
    }

    /// A boolean value: `true`, `false`, `"true"`, `"false"`, or `""` (false).
    static func boolean(_ value: JSONValue) throws(Failure) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"), .string(""): return false
        default:
            throw Failure(
                "illegal_argument_exception",
                "Failed to parse value [\(DocumentParser.preview(value))] as only [true] or [false] are allowed."
            )
        }
    }

    /// A date value in epoch milliseconds, parsed with the field's format.
    static func dateMillis(_ value: JSONValue, format spec: String?) throws(Failure) -> Int {
        if spec == nil, case .string(let text) = value, let millis = FastISODate.millis(text) {
            return millis
        }
        let formatText = spec ?? DateFormat.defaultSpec
        let format: DateFormat
        do {
            format = try DateFormat.cached(formatText)
        } catch {
            throw Failure(
                "illegal_argument_exception",
                (error as? ElasticsearchError)?.reason ?? "Invalid format: [\(formatText)]")
        }
        switch value {
        case .string, .int, .double:
            do {
                return try format.parseMillis(value)
            } catch {
                throw Failure(
                    "illegal_argument_exception",
                    "failed to parse date field [\(DocumentParser.preview(value))] with format [\(formatText)]",
                    causedBy: ErrorCause(
                        type: "date_time_parse_exception", reason: "Failed to parse with all enclosed parsers"
                    ))
            }
        default:
            throw Failure("illegal_state_exception", "Can't get text on a \(value.tokenName)")
        }
    }

    /// A numeric value in the field's encoding (integers as is, floats as sortable bits).
    static func number(_ value: JSONValue, type: FieldType, coerce: Bool) throws(Failure) -> Int64 {
        switch value {
        case .int(let number):
            return try integral(Double(number), exact: Int64(number), type: type, text: String(number))
        case .double(let number):
            if type == .integer || type == .long {
                if !coerce && number.rounded(.towardZero) != number {
                    throw Failure("illegal_argument_exception", "Value [\(number)] has a decimal part")
                }
                return try integral(number, exact: nil, type: type, text: String(number))
            }
            return try floating(number, type: type)
        case .string(let text):
            guard coerce else {
                throw Failure(
                    "illegal_argument_exception",
                    "Current token (VALUE_STRING) not numeric, can not use numeric value accessors")
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let exact = Int64(trimmed) {
                return try integral(Double(exact), exact: exact, type: type, text: trimmed)
            }
            guard let number = Double(trimmed), !trimmed.isEmpty else {
                throw Failure("number_format_exception", "For input string: \"\(text)\"")
            }
            if type == .integer || type == .long {
                return try integral(number, exact: nil, type: type, text: trimmed)
            }
            return try floating(number, type: type)
        case .bool:
            throw Failure(
                "illegal_argument_exception",
                "Current token (\(value.tokenName == "VALUE_BOOLEAN" ? "VALUE_TRUE" : value.tokenName)) not numeric, can not use numeric value accessors"
            )
        default:
            throw Failure("illegal_state_exception", "Can't get text on a \(value.tokenName)")
        }
    }

    private static func integral(_ number: Double, exact: Int64?, type: FieldType, text: String)
        throws(Failure)
        -> Int64
    {
        switch type {
        case .integer:
            let truncated = number.rounded(.towardZero)
            guard truncated >= Double(Int32.min), truncated <= Double(Int32.max) else {
                throw Failure("illegal_argument_exception", "Value [\(text)] is out of range for an integer")
            }
            return Int64(truncated)
        case .long:
            if let exact { return exact }
            let truncated = number.rounded(.towardZero)
            guard truncated >= -9.223_372_036_854_775_808e18, truncated < 9.223_372_036_854_775_808e18 else {
                throw Failure("illegal_argument_exception", "Value [\(text)] is out of range for a long")
            }
            return Int64(truncated)
        default:
            return try floating(number, type: type)
        }
    }

    private static func floating(_ number: Double, type: FieldType) throws(Failure) -> Int64 {
        if type == .float {
            let single = Float(number)
            guard single.isFinite else {
                throw Failure(
                    "illegal_argument_exception", "[float] supports only finite values, but got [\(single)]")
            }
            return SortableDouble.encode(Double(single))
        }
        guard number.isFinite else {
            throw Failure(
                "illegal_argument_exception", "[double] supports only finite values, but got [\(number)]")
        }
        return SortableDouble.encode(number)
    }
}
