import Foundation

/// A value with an exact Elasticsearch JSON form, both ways.
///
/// `json` is the JSON Elasticsearch accepts; `init(json:)` accepts every form Elasticsearch
/// accepts for it (shorthands included) and throws an ``ElasticsearchError`` shaped like
/// Elasticsearch's own (`parsing_exception`, `x_content_parse_exception`, status 400) when
/// the JSON is wrong. Conforming types get `Codable` through their JSON form.
public protocol JSONConvertible: Codable, Sendable {
    /// Decodes the value from its Elasticsearch JSON form.
    ///
    /// - Throws: ``ElasticsearchError`` describing what is wrong, as Elasticsearch would.
    init(json: JSONValue) throws

    /// The Elasticsearch JSON form of the value.
    var json: JSONValue { get }
}

extension JSONConvertible {
    /// Decodes the value from a JSON text.
    ///
    /// - Throws: ``ElasticsearchError`` (`x_content_parse_exception` when the text is not
    ///   JSON, or the error of ``init(json:)``).
    public init(jsonText: String) throws {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: jsonText)
        } catch {
            throw ElasticsearchError(parseError: error)
        }
        try self.init(json: value)
    }

    /// Decodes the value from UTF-8 JSON data.
    ///
    /// - Throws: ``ElasticsearchError`` (`x_content_parse_exception` when the data is not
    ///   JSON, or the error of ``init(json:)``).
    public init(jsonData: Data) throws {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: jsonData)
        } catch {
            throw ElasticsearchError(parseError: error)
        }
        try self.init(json: value)
    }

    /// Decodes the value through its JSON form.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the value's JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
