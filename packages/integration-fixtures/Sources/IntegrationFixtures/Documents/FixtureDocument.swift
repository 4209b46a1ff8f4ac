import ESModels

/// A complete fixture document, ready to be indexed: where, under which id, with which source.
public struct FixtureDocument: Sendable, Equatable {
    /// The index name (without any per-test prefix).
    public var index: String
    /// The document id.
    public var id: String
    /// The `_source`.
    public var source: JSONValue

    /// Creates a document.
    public init(index: String, id: String, source: JSONValue) {
        self.index = index
        self.id = id
        self.source = source
    }

    /// The source decoded into a model, for tests that compute expectations from it.
    ///
    /// - Throws: `DecodingError` when the source does not fit `type`.
    public func decode<Model: Decodable>(_ type: Model.Type) throws -> Model {
        try source.decode(type)
    }
}
