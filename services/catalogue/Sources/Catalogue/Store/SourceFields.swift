import ESModels
import Foundation

/// Typed reads of one `_source` object's fields straight from the answer's bytes, with the same
/// rules and errors as ``SourceReader`` (a single string counts as a one-element keyword array,
/// `null` as missing, dates as text or epoch milliseconds), for the models the catalogue reads
/// most: no ``ESModels/JSONValue`` tree is built for them.
///
/// ```swift
/// let fields = SourceFields(model: "assetflat")
/// var uuid: String?
/// try fields.readObject(&cursor) { key, cursor in
///     switch key {
///     case "uuid": uuid = try fields.string(key, &cursor)
///     default: try cursor.skipValue()
///     }
/// }
/// ```
struct SourceFields {
    let model: String

    /// Reads an object, calling `member` with each key; `member` must read or skip the value.
    ///
    /// - Throws: ``StoredDocumentError`` when the value is not an object (naming it `field`) or
    ///   a member has the wrong type, `JSONParseError` for malformed text.
    func readObject(
        _ cursor: inout JSONCursor, field: String = "_source",
        _ member: (String, inout JSONCursor) throws -> Void
    ) throws {
        guard try cursor.peekKind() == .object else { throw missing(field, "object") }
        try cursor.readObject(member)
    }

    /// `value`, read from `field`, or the error for a missing field when the object had none.
    func required<Value>(_ value: Value?, _ field: String, _ expected: String) throws -> Value {
        guard let value else { throw missing(field, expected) }
        return value
    }

    /// The error for a field missing or of the wrong type.
    func missing(_ field: String, _ expected: String) -> StoredDocumentError {
        StoredDocumentError(model: model, field: field, expected: expected)
    }

    func string(_ field: String, _ cursor: inout JSONCursor) throws -> String {
        guard try cursor.peekKind() == .string else { throw missing(field, "string") }
        return try cursor.readString()
    }

    func optionalString(_ field: String, _ cursor: inout JSONCursor) throws -> String? {
        if try cursor.readNull() { return nil }
        return try string(field, &cursor)
    }

    func strings(_ field: String, _ cursor: inout JSONCursor) throws -> [String] {
        switch try cursor.peekKind() {
        case .string: return [try cursor.readString()]
        case .array:
            var values: [String] = []
            try cursor.readArray { element in
                guard try element.peekKind() == .string else { throw missing(field, "array of strings") }
                values.append(try element.readString())
            }
            return values
        default: throw missing(field, "array of strings")
        }
    }

    func optionalStrings(_ field: String, _ cursor: inout JSONCursor) throws -> [String] {
        if try cursor.readNull() { return [] }
        return try strings(field, &cursor)
    }

    func stringMap(_ field: String, _ cursor: inout JSONCursor) throws -> [String: String] {
        guard try cursor.peekKind() == .object else { throw missing(field, "object of strings") }
        var result: [String: String] = [:]
        try cursor.readObject { key, entry in
            switch try entry.peekKind() {
            case .string: result[key] = try entry.readString()
            case .null: _ = try entry.readNull()
            default: throw missing("\(field).\(key)", "string")
            }
        }
        return result
    }

    func int(_ field: String, _ cursor: inout JSONCursor) throws -> Int {
        guard try cursor.peekKind() == .number else { throw missing(field, "integer") }
        let value = try cursor.readValue()
        guard let integer = value.intValue else { throw missing(field, "integer") }
        return integer
    }

    func optionalInt(_ field: String, _ cursor: inout JSONCursor) throws -> Int? {
        if try cursor.readNull() { return nil }
        return try int(field, &cursor)
    }

    func bool(_ field: String, _ cursor: inout JSONCursor) throws -> Bool {
        guard try cursor.peekKind() == .bool else { throw missing(field, "boolean") }
        return try cursor.readBool()
    }

    func date(_ field: String, _ cursor: inout JSONCursor) throws -> Date {
        switch try cursor.peekKind() {
        case .string:
            guard let date = StoredDate.parse(try cursor.readString()) else { throw missing(field, "date") }
            return date
        case .number:
            guard case .int(let millis) = try cursor.readValue() else { throw missing(field, "date") }
            return Date(epochMillis: millis)
        default: throw missing(field, "date")
        }
    }

    func value<Value: RawRepresentable>(_ field: String, as type: Value.Type, _ cursor: inout JSONCursor)
        throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try string(field, &cursor)) else {
            throw missing(field, "known \(Value.self)")
        }
        return value
    }

    /// An array of objects (a single object counts as one), each read by `element`.
    func objects<Element>(
        _ field: String, _ cursor: inout JSONCursor, _ element: (inout JSONCursor) throws -> Element
    ) throws -> [Element] {
        switch try cursor.peekKind() {
        case .object: return [try element(&cursor)]
        case .array:
            var values: [Element] = []
            try cursor.readArray { item in values.append(try element(&item)) }
            return values
        default: throw missing(field, "array of objects")
        }
    }

}
