/// A partial update: `{"doc": {...}, "doc_as_upsert": true, "upsert": {...}}`.
public struct DocumentUpdate: Sendable, Equatable {
    /// The fields to deep-merge into the existing document.
    public var doc: JSONValue?
    /// Whether `doc` is indexed as a new document when none exists.
    public var docAsUpsert: Bool?
    /// The document to index when none exists.
    public var upsert: JSONValue?
    /// The script that changes the document (`ctx._source`), instead of `doc`.
    public var script: Script?
    /// Whether the script also runs when the document is missing, on `upsert`.
    public var scriptedUpsert: Bool = false

    /// Creates an update.
    public init(doc: JSONValue?, docAsUpsert: Bool? = nil, upsert: JSONValue? = nil) {
        self.doc = doc
        self.docAsUpsert = docAsUpsert
        self.upsert = upsert
    }

    /// `{"doc": ..., "doc_as_upsert": ..., "upsert": ...}` with what is set.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        members["doc"] = doc
        members["doc_as_upsert"] = docAsUpsert.map(JSONValue.bool)
        members["upsert"] = upsert
        members["script"] = script?.json
        if scriptedUpsert { members["scripted_upsert"] = true }
        return .object(members)
    }
}
