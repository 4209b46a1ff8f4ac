import Foundation

/// A bulk request: operations and the refresh policy; its wire form is NDJSON.
///
/// ```swift
/// let request = BulkRequest([.index(index: "languages-v1", id: "en", document: ["code": "en"])], refresh: .immediate)
/// request.ndjson   // {"index":{"_id":"en","_index":"languages-v1"}}\n{"code":"en"}\n
/// let parsed = try BulkRequest(ndjson: body, defaultIndex: "languages-v1")   // what a server does
/// ```
public struct BulkRequest: Sendable, Equatable {
    /// The operations, in order.
    public var operations: [BulkOperation]
    /// When the changes become visible to search.
    public var refresh: RefreshPolicy

    /// Creates a request.
    public init(_ operations: [BulkOperation], refresh: RefreshPolicy = .none) {
        self.operations = operations
        self.refresh = refresh
    }

    /// The NDJSON body: an action line, then a source line for all but `delete`; every line
    /// ends with a newline, the last one included.
    public var ndjson: Data {
        var bytes: [UInt8] = []
        for operation in operations {
            bytes.append(contentsOf: operation.actionJSON.compactBytes)
            bytes.append(0x0A)
            if let source = operation.sourceJSON {
                bytes.append(contentsOf: source.compactBytes)
                bytes.append(0x0A)
            }
        }
        return Data(bytes)
    }
}
