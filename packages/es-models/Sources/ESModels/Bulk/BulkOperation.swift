/// One operation of a bulk request.
///
/// ```swift
/// let operations: [BulkOperation] = [
///     .index(index: "territories-v2", id: "KE", document: ["code": "KE", "name": "Kenya"]),
///     .delete(index: "territories-v2", id: "XX"),
/// ]
/// ```
public enum BulkOperation: Sendable, Equatable {
    /// Create or replace; a `nil` id lets the engine generate one.
    case index(index: String, id: String?, document: JSONValue)
    /// Create only; a `nil` id lets the engine generate one.
    case create(index: String, id: String?, document: JSONValue)
    /// Partial update of an existing document.
    case update(index: String, id: String, update: DocumentUpdate)
    /// Delete.
    case delete(index: String, id: String)

    /// The action.
    public var action: BulkAction {
        switch self {
        case .index: .index
        case .create: .create
        case .update: .update
        case .delete: .delete
        }
    }

    /// The target index (or alias).
    public var index: String {
        switch self {
        case .index(let index, _, _), .create(let index, _, _), .update(let index, _, _),
            .delete(let index, _):
            index
        }
    }

    /// The document id, if given.
    public var id: String? {
        switch self {
        case .index(_, let id, _), .create(_, let id, _): id
        case .update(_, let id, _), .delete(_, let id): id
        }
    }

    /// The action line: `{"index": {"_index": "i", "_id": "1"}}`.
    public var actionJSON: JSONValue {
        var metadata: [String: JSONValue] = ["_index": .string(index)]
        metadata["_id"] = id.map(JSONValue.string)
        return [action.rawValue: .object(metadata)]
    }

    /// The source line, if the action has one (all but `delete`).
    public var sourceJSON: JSONValue? {
        switch self {
        case .index(_, _, let document), .create(_, _, let document): document
        case .update(_, _, let update): update.json
        case .delete: nil
        }
    }
}
