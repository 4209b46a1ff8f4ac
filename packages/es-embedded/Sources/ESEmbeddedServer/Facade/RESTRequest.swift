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
    /// `allowed` is only made when the request has parameters: most have none, and building
    /// a set for each request showed in profiles.
    ///
    /// - Throws: `illegal_argument_exception` "request [/x] contains unrecognized parameter: [y]".
    func checkParameters(_ allowed: @autoclosure () -> Set<String>) throws {
        guard !query.isEmpty else { return }
        let allowed = allowed()
        var unknown: [String] = []
        for item in query.items
        where !allowed.contains(item.name) && !Self.commonParameters.contains(item.name) {
            unknown.append(item.name)
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

    /// Checks the `Content-Type` of a body: its media type (before any `;` parameter, without
    /// surrounding whitespace, in any case) must be one of JSON's or NDJSON's.
    func checkContentType() throws {
        let declared = headers["Content-Type"] ?? ""
        guard Self.acceptsMediaType(of: declared) else {
            throw ContentTypeError(declared: declared)
        }
    }

    private static let acceptedMediaTypes: [[UInt8]] = [
        "application/json", "application/x-ndjson", "application/vnd.elasticsearch+json",
        "application/vnd.elasticsearch+x-ndjson",
    ].map { Array($0.utf8) }

    /// Whether `declared` names an accepted media type, compared byte by byte (this runs for
    /// every request with a body). A value with non-ASCII bytes takes the general path:
    /// Unicode whitespace and case.
    static func acceptsMediaType(of declared: String) -> Bool {
        let utf8 = declared.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let mediaType =
                declared.split(separator: ";").first.map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                } ?? ""
            return acceptedMediaTypes.contains { $0.elementsEqual(mediaType.utf8) }
        }
        // The first non-empty piece between semicolons, as `split(separator:)` gives it.
        var start = utf8.startIndex
        while start < utf8.endIndex, utf8[start] == UInt8(ascii: ";") { start = utf8.index(after: start) }
        var end = utf8[start...].firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, isBlank(utf8[start]) { start = utf8.index(after: start) }
        while start < end, isBlank(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        let mediaType = utf8[start..<end]
        return acceptedMediaTypes.contains { accepted in
            accepted.count == mediaType.count
                && zip(accepted, mediaType).allSatisfy { expected, byte in
                    expected == byte
                        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && expected == byte + 32)
                }
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
