import Foundation

extension Request {
    /// Decodes the body as JSON.
    ///
    /// - Throws: ``HTTPError`` with status 400 and a message naming the problem when the body
    ///   is empty or is not JSON of type `Value`, so handlers can let it propagate.
    public func decodeJSON<Value: Decodable>(
        as type: Value.Type = Value.self, decoder: JSONDecoder? = nil
    ) throws -> Value {
        guard !body.isEmpty else {
            throw HTTPError(.badRequest, message: "request body is empty; send a JSON document")
        }
        do {
            return try (decoder ?? JSONCoding.makeDecoder()).decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: "invalid json body: \(error.summary)")
        }
    }

    /// The body decoded as UTF-8 text (invalid sequences become U+FFFD).
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

extension DecodingError {
    /// A one-line, lower-case description naming the coding path, without Foundation internals.
    var summary: String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            return keys.isEmpty ? "the document" : "'\(keys.joined(separator: "."))'"
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' in \(path(context))"
        case .dataCorrupted(let context):
            return "malformed json at \(path(context))"
        @unknown default:
            return "undecodable json"
        }
    }
}
