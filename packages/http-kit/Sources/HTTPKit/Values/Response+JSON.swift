import Foundation

extension Response {
    /// A JSON response whose body is `value` encoded with `encoder` (sorted keys by default).
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded.
    public static func json<Value: Encodable>(
        _ value: Value, status: HTTPStatus = .ok, headers: HTTPHeaders = [:], encoder: JSONEncoder? = nil
    ) throws -> Response {
        let body = try (encoder ?? JSONCoding.makeEncoder()).encode(value)
        return json(data: body, status: status, headers: headers)
    }

    /// A JSON response whose body is already-encoded JSON.
    public static func json(data: Data, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) -> Response {
        var headers = headers
        if !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: JSONCoding.contentType)
        }
        return Response(status: status, headers: headers, body: data)
    }

    /// Decodes the body as JSON.
    ///
    /// - Throws: `DecodingError` when the body is not JSON of type `Value`.
    public func decodeJSON<Value: Decodable>(
        as type: Value.Type = Value.self, decoder: JSONDecoder? = nil
    ) throws -> Value {
        try (decoder ?? JSONCoding.makeDecoder()).decode(Value.self, from: body)
    }

    /// The body parsed with `JSONSerialization` (dictionaries, arrays, strings, numbers...),
    /// for tests that look at a few fields without declaring a type.
    ///
    /// - Throws: an error when the body is not JSON.
    public func jsonObject() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }
}
