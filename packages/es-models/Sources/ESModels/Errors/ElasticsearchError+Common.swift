extension ElasticsearchError {
    /// `parsing_exception` (400): a request body has a wrong shape, e.g.
    /// `[term] query does not support [foo]`.
    public static func parsing(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "parsing_exception", reason: reason, status: 400)
    }

    /// `x_content_parse_exception` (400): a body is not JSON, or an object has an unknown or
    /// mistyped field, e.g. `[1:9] unexpected character`.
    public static func xContentParse(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "x_content_parse_exception", reason: reason, status: 400)
    }

    /// `x_content_parse_exception` (400) for a JSON text that could not be parsed, with its
    /// `[line:column]` prefix.
    public init(parseError: JSONParseError) {
        self.init(
            type: "x_content_parse_exception", reason: parseError.description, status: 400,
            metadata: ["line": .int(parseError.line), "col": .int(parseError.column)])
    }

    /// `illegal_argument_exception` (400).
    public static func illegalArgument(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "illegal_argument_exception", reason: reason, status: 400)
    }

    /// `mapper_parsing_exception` (400): a mapping definition is wrong, e.g.
    /// `No handler for type [foo] declared on field [bar]`.
    public static func mapperParsing(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "mapper_parsing_exception", reason: reason, status: 400)
    }

    /// `parse_exception` (400): a value (a date, a date-math expression) cannot be parsed.
    public static func parse(_ reason: String) -> ElasticsearchError {
        ElasticsearchError(type: "parse_exception", reason: reason, status: 400)
    }

    /// `action_request_validation_exception` (400) listing each problem as Elasticsearch
    /// does: `Validation Failed: 1: index is missing;2: ...;`.
    public static func validation(_ problems: [String]) -> ElasticsearchError {
        let list = problems.enumerated().map { "\($0.offset + 1): \($0.element);" }.joined()
        return ElasticsearchError(
            type: "action_request_validation_exception", reason: "Validation Failed: \(list)", status: 400)
    }

    /// `index_not_found_exception` (404): `no such index [name]`.
    public static func indexNotFound(_ index: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "index_not_found_exception", reason: "no such index [\(index)]", status: 404,
            metadata: [
                "resource.type": "index_or_alias", "resource.id": .string(index), "index_uuid": "_na_",
                "index": .string(index),
            ])
    }

    /// `resource_already_exists_exception` (400): `index [name/uuid] already exists`.
    public static func indexAlreadyExists(_ index: String, uuid: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "resource_already_exists_exception", reason: "index [\(index)/\(uuid)] already exists",
            status: 400, metadata: ["index_uuid": .string(uuid), "index": .string(index)])
    }

    /// `document_missing_exception` (404): `[id]: document missing`.
    public static func documentMissing(index: String, id: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "document_missing_exception", reason: "[\(id)]: document missing", status: 404,
            metadata: ["index": .string(index)])
    }

    /// `version_conflict_engine_exception` (409) for a `create` of an existing document.
    public static func documentAlreadyExists(index: String, id: String, version: Int) -> ElasticsearchError {
        ElasticsearchError(
            type: "version_conflict_engine_exception",
            reason: "[\(id)]: version conflict, document already exists (current version [\(version)])",
            status: 409, metadata: ["index": .string(index)])
    }

    /// `strict_dynamic_mapping_exception` (400): a document brings a field that a
    /// `"dynamic": "strict"` object does not declare.
    public static func strictDynamicMapping(field: String, within path: String) -> ElasticsearchError {
        ElasticsearchError(
            type: "strict_dynamic_mapping_exception",
            reason:
                "mapping set to strict, dynamic introduction of [\(field)] within [\(path)] is not allowed",
            status: 400)
    }

    /// `document_parsing_exception` (400): a document field does not fit its mapping, e.g.
    /// `failed to parse field [year] of type [integer] in document with id '1'`.
    public static func documentParsing(_ reason: String, causedBy: ErrorCause? = nil) -> ElasticsearchError {
        ElasticsearchError(
            type: "document_parsing_exception", reason: reason, status: 400, causedBy: causedBy)
    }
}
