import ESModels
import Foundation

/// Bulk action metadata es-models' NDJSON reader does not know: `op_type` on an action line
/// (`{"index": {"_id": "1", "op_type": "create"}}` is a `create`, as Elasticsearch reads it).
enum BulkActionMetadata {
    private static let marker = Data(#""op_type""#.utf8)

    /// The body with every action line's `op_type` applied; the same bytes when none has one
    /// (the common case costs one scan for the marker). Lines that do not parse are left for
    /// the bulk reader to report.
    static func applyingOpType(_ body: Data) throws -> Data {
        guard body.range(of: marker) != nil else { return body }
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Data($0)
        }
        var position = 0
        while position < lines.count {
            guard let action = try? JSONValue(parsing: lines[position]), case .object(let members) = action,
                members.count == 1, let (name, metadata) = members.first, case .object(var fields) = metadata
            else { return body }
            if let opType = fields.removeValue(forKey: "op_type") {
                var renamed = name
                if name == "index" {
                    switch opType.stringValue {
                    case "create"?: renamed = "create"
                    case "index"?: break
                    default:
                        throw ElasticsearchError.illegalArgument(
                            "opType must be 'create' or 'index', found: [\(opType.compactString)]")
                    }
                }
                lines[position] = JSONValue.object([renamed: .object(fields)]).compactData
            }
            // Every action but delete is followed by its source line.
            position += name == "delete" ? 1 : 2
            while position < lines.count, lines[position].isEmpty { position += 1 }
        }
        return Data(lines.joined(separator: [UInt8(ascii: "\n")]))
    }
}
