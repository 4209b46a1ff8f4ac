import Foundation

extension JSONValue: Codable {
    /// Decodes any JSON value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "the value is not a json value")
        }
    }

    /// Encodes the value into a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}

extension JSONValue {
    /// The JSON value of any `Encodable` (a document model, for instance).
    ///
    /// ```swift
    /// let source = try JSONValue(encoding: asset)   // ["uuid": "a-1", "type": "movie", ...]
    /// ```
    /// - Throws: `EncodingError` when the value cannot be encoded.
    public init(encoding value: some Encodable) throws {
        if let json = value as? JSONValue {
            self = json
            return
        }
        let data = try JSONEncoder().encode(value)
        do {
            self = try JSONValue(parsing: data)
        } catch {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "the encoder produced invalid json: \(error)"))
        }
    }

    /// Decodes this value into a `Decodable` type (a document model, for instance).
    ///
    /// ```swift
    /// let asset = try hit.source?.decode(AssetFlat.self)
    /// ```
    /// - Throws: `DecodingError` when the value does not have the shape `type` expects.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.decode(type, from: self, codingPath: [])
    }
}
