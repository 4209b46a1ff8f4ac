import Foundation

extension BulkRequest {
    /// Parses an NDJSON bulk body the way Elasticsearch does.
    ///
    /// - Parameters:
    ///   - ndjson: the body.
    ///   - defaultIndex: the index from the URL (`POST /{index}/_bulk`), used when an action
    ///     line has no `_index`.
    ///   - refresh: the `refresh` URL parameter.
    /// - Throws: ``ElasticsearchError`` with Elasticsearch's type and reason:
    ///   `illegal_argument_exception` for malformed action lines or a missing final newline,
    ///   `x_content_parse_exception` for invalid JSON, `action_request_validation_exception`
    ///   for a missing index or id or an empty body.
    public init(ndjson: Data, defaultIndex: String? = nil, refresh: RefreshPolicy = .none) throws {
        var lines = Self.lines(of: ndjson)
        if ndjson.isEmpty || lines.allSatisfy(\.isEmpty) {
            throw ElasticsearchError.validation(["no requests added"])
        }
        guard lines.last?.isEmpty == true else {
            throw ElasticsearchError.illegalArgument("The bulk request must be terminated by a newline [\\n]")
        }
        lines.removeLast()
        var operations: [BulkOperation] = []
        var problems: [String] = []
        var number = 0
        while number < lines.count {
            let lineNumber = number + 1
            let actionLine = lines[number]
            number += 1
            if actionLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let (action, metadata) = try Self.actionLine(
                try Self.json(actionLine, line: lineNumber), line: lineNumber)
            let index = metadata.index ?? defaultIndex
            var source: JSONValue?
            if action != .delete {
                guard number < lines.count else {
                    throw ElasticsearchError.illegalArgument(
                        "Malformed action/metadata line [\(lineNumber)], expected a source line after it")
                }
                source = try Self.json(lines[number], line: number + 1)
                number += 1
            }
            guard let index, !index.isEmpty else {
                problems.append("index is missing")
                continue
            }
            if let operation = try Self.operation(
                action, index: index, id: metadata.id, source: source, problems: &problems)
            {
                operations.append(operation)
            }
        }
        if !problems.isEmpty { throw ElasticsearchError.validation(problems) }
        self.init(operations, refresh: refresh)
    }

    /// The lines of `data` without their `\n` (and a `\r` before it); the text after the last
    /// newline is the last element (empty when the data ends with a newline).
    private static func lines(of data: Data) -> [Data] {
        data.withUnsafeBytes { raw -> [Data] in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines: [Data] = []
            var start = 0
            for position in 0..<bytes.count where bytes[position] == 0x0A {
                let end = position > start && bytes[position - 1] == 0x0D ? position - 1 : position
                lines.append(Data(UnsafeBufferPointer(rebasing: bytes[start..<end])))
                start = position + 1
            }
            lines.append(Data(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])))
            return lines
        }
    }

    private static func json(_ line: Data, line number: Int) throws -> JSONValue {
        do {
            return try JSONValue(parsing: line)
        } catch {
            throw ElasticsearchError(
                parseError: JSONParseError(line: number, column: error.column, message: error.message))
        }
    }

    private static func actionLine(_ json: JSONValue, line: Int) throws -> (
        BulkAction, (index: String?, id: String?)
    ) {
        guard case .object(let members) = json, members.count == 1, let name = members.keys.first,
            let body = members[name]
        else {
            let found = json.objectValue.map { _ in "FIELD_NAME" } ?? json.tokenName
            throw ElasticsearchError.illegalArgument(
                "Malformed action/metadata line [\(line)], expected START_OBJECT or END_OBJECT but found [\(found)]"
            )
        }
        guard let action = BulkAction(rawValue: name) else {
            throw ElasticsearchError.illegalArgument(
                "Malformed action/metadata line [\(line)], expected one of [create, delete, index, update] but found [\(name)]"
            )
        }
        guard case .object(let metadata) = body else {
            throw ElasticsearchError.illegalArgument(
                "Malformed action/metadata line [\(line)], expected START_OBJECT but found [\(body.tokenName)]"
            )
        }
        var reader = JSONObjectReader(members: metadata, name: name)
        let index = try reader.string("_index")
        let id = try reader.string("_id")
        _ = try reader.int("retry_on_conflict")
        _ = try reader.bool("require_alias")
        if let unknown = reader.unreadKeys.first {
            throw ElasticsearchError.illegalArgument(
                "Action/metadata line [\(line)] contains an unknown parameter [\(unknown)]")
        }
        return (action, (index, id))
    }

    private static func operation(
        _ action: BulkAction, index: String, id: String?, source: JSONValue?, problems: inout [String]
    ) throws -> BulkOperation? {
        switch action {
        case .index: return .index(index: index, id: id, document: source ?? .null)
        case .create: return .create(index: index, id: id, document: source ?? .null)
        case .delete:
            guard let id else {
                problems.append("id is missing")
                return nil
            }
            return .delete(index: index, id: id)
        case .update:
            guard let id else {
                problems.append("id is missing")
                return nil
            }
            var reader = try JSONObjectReader(source ?? .null, name: "update")
            var update = DocumentUpdate(
                doc: reader.value("doc"), docAsUpsert: try reader.bool("doc_as_upsert"),
                upsert: reader.value("upsert"))
            _ = try reader.bool("detect_noop")
            if let script = reader.value("script") {
                update.script = try Script(json: script)
                update.scriptedUpsert = try reader.bool("scripted_upsert") ?? false
            }
            try reader.rejectUnknownFields()
            guard update.doc != nil || update.upsert != nil || update.script != nil else {
                problems.append("script or doc is missing")
                return nil
            }
            return .update(index: index, id: id, update: update)
        }
    }
}
