import ESModels
import Foundation

/// A search answer read straight from a cluster's bytes: each hit's `_source` into the model as
/// the text goes by (``SourceDecodable/init(reading:)``), everything else (totals, scores, sort
/// values, highlights, aggregations) through es-models' ``ESModels/SearchResponse``, whose
/// rules and errors it keeps. The `_source` trees, most of an answer, are never built.
struct StreamedSearchAnswer<Model: SourceDecodable>: Sendable {
    /// The answer without its hits' `_source`.
    var response: SearchResponse
    /// The hits' sources read as models, in hit order.
    var items: [Model]

    /// Reads `body`.
    ///
    /// - Throws: ``StoredDocumentError`` for a hit without `_source` or one the model cannot
    ///   read, `JSONParseError` for text that is not JSON, `ElasticsearchError` for an answer of
    ///   the wrong shape.
    init(body: Data, model: String) throws {
        var items: [Model] = []
        let skeleton = try JSONCursor.read(body) { cursor -> JSONValue in
            var members: [String: JSONValue] = [:]
            guard try cursor.peekKind() == .object else { return try cursor.readValue() }
            try cursor.readObject { key, cursor in
                guard key == "hits", try cursor.peekKind() == .object else {
                    members[key] = try cursor.readValue()
                    return
                }
                var hitsMembers: [String: JSONValue] = [:]
                try cursor.readObject { key, cursor in
                    guard key == "hits", try cursor.peekKind() == .array else {
                        hitsMembers[key] = try cursor.readValue()
                        return
                    }
                    var hits: [JSONValue] = []
                    try cursor.readArray { cursor in
                        guard try cursor.peekKind() == .object else {
                            hits.append(try cursor.readValue())
                            return
                        }
                        var hit: [String: JSONValue] = [:]
                        var hasSource = false
                        try cursor.readObject { key, cursor in
                            guard key == "_source", !hasSource else {
                                hit[key] = try cursor.readValue()
                                return
                            }
                            hasSource = true
                            items.append(try Model(reading: &cursor))
                        }
                        guard hasSource else {
                            throw StoredDocumentError(model: model, field: "_source", expected: "object")
                        }
                        hits.append(.object(hit))
                    }
                    hitsMembers[key] = .array(hits)
                }
                members[key] = .object(hitsMembers)
            }
            return .object(members)
        }
        self.response = try SearchResponse(json: skeleton)
        self.items = items
    }
}
