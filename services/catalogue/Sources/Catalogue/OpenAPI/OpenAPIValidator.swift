import ESModels
import HTTPKit

/// Checks responses against an OpenAPI 3.1 document: the subset the Catalogue's document uses.
///
/// Paths with `{parameters}`, `$ref` to `#/components/...`, response statuses (or `default`),
/// required response headers, and JSON Schema's `type` (one or a list), `enum`, `properties`,
/// `required`, `additionalProperties: false`, `items` and `oneOf`. A response the document does not
/// describe is a problem too: it is how the document is kept from drifting (except a 404 for a
/// path, or a 405 for a method, the document does not have).
///
/// ```swift
/// let problems = OpenAPIValidator(document: CatalogueOpenAPI.document)
///     .problems(method: .get, path: "/catalogue/promos", response: response)
/// ```
public struct OpenAPIValidator: Sendable {
    /// The document.
    public let document: JSONValue

    /// Creates a validator for `document`.
    public init(document: JSONValue) {
        self.document = document
    }

    /// What is wrong with `response` to `method` `path`, empty when it matches the document.
    public func problems(method: HTTPMethod, path: String, response: Response) -> [String] {
        // What the document does not have, the server must not have either: 404 and 405.
        guard let (template, item) = pathItem(for: path) else {
            return response.status == .notFound ? [] : ["path '\(path)' is not documented"]
        }
        let where_ = "\(method) \(template) \(response.status.code)"
        guard let operation = item[method.rawValue.lowercased()] else {
            return response.status == .methodNotAllowed ? [] : ["\(method) \(template) is not documented"]
        }
        guard let responses = operation["responses"],
            let documented = responses[String(response.status.code)] ?? responses["default"]
        else { return ["\(where_): the status is not documented"] }
        let described = resolve(documented)
        var problems: [String] = []
        if case .object(let headers)? = described["headers"] {
            for (name, header) in headers.sorted(by: { $0.key < $1.key })
            where resolve(header)["required"] == .bool(true) && !response.headers.contains(name: name) {
                problems.append("\(where_): header '\(name)' is missing")
            }
        }
        guard case .object(let content)? = described["content"] else {
            if !response.body.isEmpty { problems.append("\(where_): a body where none is documented") }
            return problems
        }
        let type = response.headers["Content-Type"] ?? ""
        if let json = content["application/json"], type.hasPrefix("application/json") {
            guard let value = try? JSONValue(parsing: response.body) else {
                return problems + ["\(where_): the body is not json"]
            }
            if let schema = json["schema"] { problems += check(value, against: schema, at: "\(where_) body") }
        } else if content["text/plain"] != nil, type.hasPrefix("text/plain") {
            // A text body is documented as a string: nothing more to check.
        } else {
            problems.append("\(where_): content type '\(type)' is not documented")
        }
        return problems
    }

    /// The path item whose template matches `path` (without its query).
    func pathItem(for path: String) -> (String, JSONValue)? {
        guard case .object(let paths)? = document["paths"] else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if let exact = paths[path] { return (path, exact) }
        for (template, item) in paths.sorted(by: { $0.key < $1.key }) {
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == segments.count else { continue }
            let matches = zip(parts, segments).allSatisfy { part, segment in
                (part.hasPrefix("{") && part.hasSuffix("}") && !segment.isEmpty) || part == segment
            }
            if matches { return (template, item) }
        }
        return nil
    }

    /// `value` with a `$ref` followed (within this document).
    func resolve(_ value: JSONValue) -> JSONValue {
        guard let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/") else { return value }
        var current = document
        for key in reference.dropFirst(2).split(separator: "/") {
            guard let next = current[String(key)] else { return .null }
            current = next
        }
        return resolve(current)
    }

    /// What is wrong with `value` for `schema`, each problem naming where.
    func check(_ value: JSONValue, against schema: JSONValue, at location: String) -> [String] {
        let schema = resolve(schema)
        if case .object(let members) = schema, members.isEmpty { return [] }
        if let options = schema["oneOf"]?.arrayValue {
            let matching = options.filter { check(value, against: $0, at: location).isEmpty }.count
            guard matching == 1 else {
                return [
                    "\(location): matches \(matching) of the \(options.count) schemas of 'oneOf', not one"
                ]
            }
        }
        var problems: [String] = []
        if let types = schema["type"] {
            let allowed = types.arrayValue?.compactMap(\.stringValue) ?? types.stringValue.map { [$0] } ?? []
            guard allowed.contains(where: { Self.has(value, type: $0) }) else {
                return [
                    "\(location): a \(value.kindName) where the document says \(allowed.joined(separator: " or "))"
                ]
            }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            problems.append(
                "\(location): \(value.compactString) is not one of \(JSONValue.array(options).compactString)")
        }
        if case .object(let members) = value {
            let properties = schema["properties"]?.objectValue ?? [:]
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            where members[name] == nil {
                problems.append("\(location): member '\(name)' is missing")
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    problems += check(member, against: property, at: "\(location).\(name)")
                } else if schema["additionalProperties"] == .bool(false) {
                    problems.append("\(location): member '\(name)' is not documented")
                }
            }
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                problems += check(element, against: items, at: "\(location)[\(index)]")
            }
        }
        return problems
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
            ("string", .string), ("array", .array), ("object", .object):
            true
        default: false
        }
    }
}
