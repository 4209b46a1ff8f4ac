/// The answer of getting one document by id; a missing document is `found: false`, not an
/// error.
public struct GetDocumentResponse: Sendable, Equatable {
    /// The concrete index.
    public var index: String
    /// The requested id.
    public var id: String
    /// Whether the document exists.
    public var found: Bool
    /// The document's version, when found.
    public var version: Int?
    /// The sequence number, when found.
    public var seqNo: Int?
    /// The primary term, when found.
    public var primaryTerm: Int?
    /// The document, when found.
    public var source: JSONValue?

    /// Creates a response.
    public init(
        index: String, id: String, found: Bool, version: Int? = nil, seqNo: Int? = nil,
        primaryTerm: Int? = nil,
        source: JSONValue? = nil
    ) {
        self.index = index
        self.id = id
        self.found = found
        self.version = version
        self.seqNo = seqNo
        self.primaryTerm = primaryTerm
        self.source = source
    }

    /// The document decoded as `type`; `nil` when not found.
    ///
    /// - Throws: `DecodingError` when the source does not fit `type`.
    public func document<Document: Decodable>(as type: Document.Type) throws -> Document? {
        guard found, let source else { return nil }
        return try source.decode(type)
    }
}

extension GetDocumentResponse: JSONConvertible {
    /// Decodes `{"_index": ..., "_id": ..., "found": true, "_version": 1, "_source": {...}}`.
    public init(json: JSONValue) throws {
        var reader = try JSONObjectReader(json, name: "get_response")
        guard let index = try reader.string("_index"), let id = try reader.string("_id") else {
            throw ElasticsearchError.xContentParse("[get_response] requires [_index] and [_id]")
        }
        self.init(
            index: index, id: id, found: try reader.bool("found") ?? false,
            version: try reader.int("_version"),
            seqNo: try reader.int("_seq_no"), primaryTerm: try reader.int("_primary_term"),
            source: reader.value("_source"))
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "_index": .string(index), "_id": .string(id), "found": .bool(found),
        ]
        members["_version"] = version.map(JSONValue.int)
        members["_seq_no"] = seqNo.map(JSONValue.int)
        members["_primary_term"] = primaryTerm.map(JSONValue.int)
        members["_source"] = source
        return .object(members)
    }
}
