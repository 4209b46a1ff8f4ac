import ESModels
import Foundation

/// A document model read straight from a hit's `_source` tree.
///
/// The catalogue reads every hit of every request; going through `Decodable` costs several
/// times more than the search itself, so the models it serves are read field by field here.
/// `SourceDecodingTests` check that each reader agrees with the model's `Decodable` form.
protocol SourceDecodable: Sendable {
    /// Reads the model from `_source`.
    ///
    /// - Throws: ``StoredDocumentError`` when a field is missing or of the wrong type.
    init(source: JSONValue) throws

    /// Reads the model from `_source` straight from an answer's bytes, with the same rules as
    /// ``init(source:)``; by default, through the tree.
    init(reading cursor: inout JSONCursor) throws
}

extension SourceDecodable {
    init(reading cursor: inout JSONCursor) throws {
        try self.init(source: cursor.readValue())
    }
}

/// Typed access to the fields of one `_source` object.
struct SourceReader {
    let members: [String: JSONValue]
    let model: String

    init(_ source: JSONValue, model: String) throws {
        guard case .object(let members) = source else {
            throw StoredDocumentError(model: model, field: "_source", expected: "object")
        }
        self.members = members
        self.model = model
    }

    func string(_ field: String) throws -> String {
        guard case .string(let value) = members[field] else { throw missing(field, "string") }
        return value
    }

    func optionalString(_ field: String) throws -> String? {
        switch members[field] {
        case nil, .null: return nil
        case .string(let value): return value
        default: throw missing(field, "string")
        }
    }

    /// A keyword array; a single value counts as a one-element array, as in Elasticsearch.
    func strings(_ field: String) throws -> [String] {
        switch members[field] {
        case .array(let elements):
            return try elements.map { element in
                guard case .string(let value) = element else { throw missing(field, "array of strings") }
                return value
            }
        case .string(let value): return [value]
        default: throw missing(field, "array of strings")
        }
    }

    /// Like ``strings(_:)``, but a missing field is an empty array (a field documents written
    /// before it existed lack).
    func optionalStrings(_ field: String) throws -> [String] {
        switch members[field] {
        case nil, .null: return []
        default: return try strings(field)
        }
    }

    func stringMap(_ field: String) throws -> [String: String] {
        guard case .object(let entries) = members[field] else { throw missing(field, "object of strings") }
        var result: [String: String] = [:]
        result.reserveCapacity(entries.count)
        for (key, value) in entries {
            switch value {
            case .string(let text): result[key] = text
            case .null: continue
            default: throw missing("\(field).\(key)", "string")
            }
        }
        return result
    }

    func int(_ field: String) throws -> Int {
        guard let value = members[field]?.intValue else { throw missing(field, "integer") }
        return value
    }

    func optionalInt(_ field: String) throws -> Int? {
        switch members[field] {
        case nil, .null: return nil
        default: return try int(field)
        }
    }

    func bool(_ field: String) throws -> Bool {
        guard case .bool(let value) = members[field] else { throw missing(field, "boolean") }
        return value
    }

    /// A date in Elasticsearch's default format or epoch milliseconds.
    func date(_ field: String) throws -> Date {
        switch members[field] {
        case .string(let text):
            guard let date = StoredDate.parse(text) else { throw missing(field, "date") }
            return date
        case .int(let millis): return Date(epochMillis: millis)
        default: throw missing(field, "date")
        }
    }

    func objects(_ field: String) throws -> [JSONValue] {
        switch members[field] {
        case .array(let elements): return elements
        case .object: return [members[field] ?? .null]
        default: throw missing(field, "array of objects")
        }
    }

    func value<Value: RawRepresentable>(_ field: String, as type: Value.Type) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try string(field)) else {
            throw missing(field, "known \(Value.self)")
        }
        return value
    }

    private func missing(_ field: String, _ expected: String) -> StoredDocumentError {
        StoredDocumentError(model: model, field: field, expected: expected)
    }
}
