import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// Reading Elasticsearch REST requests: bodies, parameters and their checks.
extension Request {
    /// Parameters every endpoint accepts.
    static let commonParameters: Set<String> = ["pretty", "human", "error_trace", "filter_path", "format"]

    /// Refuses parameters the endpoint does not know, as Elasticsearch does.
    ///
    /// - Throws: `illegal_argument_exception` "request [/x] contains unrecognized parameter: [y]".
    func checkParameters(_ allowed: Set<String>) throws {
        let unknown = query.items.map(\.name).filter {
            !allowed.contains($0) && !Self.commonParameters.contains($0)
        }
        guard !unknown.isEmpty else { return }
        let list = Array(Set(unknown)).sorted()
        let description =
            list.count == 1
            ? "unrecognized parameter: [\(list[0])]"
            : "unrecognized parameters: [\(list.joined(separator: "], ["))]"
        throw ElasticsearchError.illegalArgument("request [\(path)] contains \(description)")
    }

    /// The body as JSON; `null` when there is none.
    ///
    /// - Throws: 406 for a body that is not declared as JSON (as Elasticsearch refuses), or
    ///   `x_content_parse_exception` for invalid JSON.
    func jsonBody() throws -> JSONValue {
        guard !body.isEmpty else { return .null }
        try checkContentType()
        do {
            return try JSONValue(parsing: body)
        } catch {
            throw ElasticsearchError(parseError: error)
        }
    }

    /// Checks the `Content-Type` of a body.
    func checkContentType() throws {
        let declared = headers["Content-Type"] ?? ""
        let mediaType =
            declared.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            ?? ""
        let accepted: Set<String> = [
            "application/json", "application/x-ndjson", "application/vnd.elasticsearch+json",
            "application/vnd.elasticsearch+x-ndjson",
        ]
        guard accepted.contains(mediaType) else {
            throw ContentTypeError(declared: declared)
        }
    }

    /// The `refresh` parameter.
    func refreshPolicy() throws -> RefreshPolicy {
        try RefreshPolicy(parameter: query.contains("refresh") ? (query["refresh"] ?? "") : nil)
    }

    /// A boolean parameter (`?flag`, `?flag=true`, `?flag=false`).
    func flag(_ name: String) throws -> Bool? {
        guard query.contains(name) else { return nil }
        switch query[name] ?? "" {
        case "", "true": return true
        case "false": return false
        case let other:
            throw ElasticsearchError.illegalArgument(
                "Failed to parse value [\(other)] as only [true] or [false] are allowed.")
        }
    }

    /// An integer parameter.
    func integer(_ name: String) throws -> Int? {
        guard let text = query[name] else { return nil }
        guard let number = Int(text) else {
            throw ElasticsearchError.illegalArgument(
                "Failed to parse int parameter [\(name)] with value [\(text)]")
        }
        return number
    }
}

/// A body whose `Content-Type` Elasticsearch does not accept: answered with a 406.
struct ContentTypeError: Error {
    var declared: String
}

extension Request {
    /// `ignore_unavailable` and `allow_no_indices`.
    func indicesOptions() throws -> IndicesOptions {
        IndicesOptions(
            ignoreUnavailable: try flag("ignore_unavailable") ?? false,
            allowNoIndices: try flag("allow_no_indices") ?? true)
    }
}
