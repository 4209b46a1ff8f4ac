import ESModels
import HTTPKit

/// What an Elasticsearch 8 node checks before routing: the compatible version a client asks
/// for in `Accept` and `Content-Type` (`compatible-with=9` is refused with
/// `media_type_header_exception`), and paths whose first segment is an API we do not have
/// (`/_nodes`, `/_cat/...`), which must not be taken for an index name. Echoes `X-Opaque-Id`.
struct CompatibilityMiddleware: Middleware {
    /// First path segments of the APIs the facade serves; any other one starting with `_` has no handler.
    static let knownAPIs: Set<String> = [
        "_search", "_count", "_bulk", "_aliases", "_alias", "_mapping", "_refresh", "_cluster", "_pit",
        "_all", "_reindex", "_mget", "_msearch", "_data_stream", "_settings", "_index_template",
        "_snapshot", "_template", "_component_template", "_cat", "_flush", "_forcemerge", "_cache", "_stats",
        "_analyze", "_security",
    ]

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        try checkCompatibleVersions(request)
        if let first = request.pathSegments.first, first.hasPrefix("_"), !Self.knownAPIs.contains(first),
            request.method != .put
        {
            throw RoutingError.notFound(method: request.method, path: request.path)
        }
        var response = try await next(request, context)
        if let opaque = request.headers["X-Opaque-Id"] {
            response.headers.replaceOrAdd(name: "X-Opaque-Id", value: opaque)
        }
        return response
    }

    private func checkCompatibleVersions(_ request: Request) throws {
        let accept = request.headers["Accept"]
        let contentType = request.body.isEmpty ? nil : request.headers["Content-Type"]
        let acceptVersion = accept.flatMap(Self.compatibleVersion)
        let contentVersion = contentType.flatMap(Self.compatibleVersion)
        func refuse(_ reason: String) -> ElasticsearchError {
            ElasticsearchError(
                type: "media_type_header_exception",
                reason: "Invalid media-type value on headers [Accept, Content-Type]",
                status: 400, causedBy: ErrorCause(type: "status_exception", reason: reason))
        }
        if let acceptVersion, acceptVersion != 7 && acceptVersion != 8 {
            throw refuse(
                "Accept version must be either version 8 or 7, but found \(acceptVersion). Accept=\(accept ?? "")"
            )
        }
        if let contentVersion, contentVersion != 7 && contentVersion != 8 {
            throw refuse(
                "Content-Type version must be either version 8 or 7, but found \(contentVersion). Content-Type=\(contentType ?? "")"
            )
        }
        if contentType != nil, acceptVersion != nil || contentVersion != nil, acceptVersion != contentVersion
        {
            throw refuse(
                "A compatible version is required on both Content-Type and Accept headers if either one has requested a "
                    + "compatible version and the compatible versions must match. Accept=\(accept ?? "null"), "
                    + "Content-Type=\(contentType ?? "null")")
        }
    }

    /// The `compatible-with` version of an Elasticsearch media type, if it names one.
    static func compatibleVersion(_ header: String) -> Int? {
        // Every request has an `Accept`, most a `Content-Type`: plain ASCII ones are read
        // byte by byte, without a lowercased copy.
        var header = header
        return header.withUTF8 { utf8 in compatibleVersion(utf8) }
    }

    private static func compatibleVersion(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let header = String(decoding: utf8, as: UTF8.self)
            let lowered = header.lowercased()
            guard lowered.contains("vnd.elasticsearch"), let range = lowered.range(of: "compatible-with=")
            else {
                return nil
            }
            return Int(lowered[range.upperBound...].prefix { $0.isNumber })
        }
        guard asciiRange(of: vendor, in: utf8) != nil, let range = asciiRange(of: compatibleWith, in: utf8)
        else { return nil }
        let digits = utf8[range.upperBound...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    private static let vendor = Array("vnd.elasticsearch".utf8)
    private static let compatibleWith = Array("compatible-with=".utf8)

    /// Where `needle` (lower-case ASCII) first occurs in `haystack`, ignoring ASCII case.
    private static func asciiRange(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Range<Int>?
    {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) {
            var matched = true
            for offset in 0..<needle.count {
                var byte = haystack[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != needle[offset] {
                    matched = false
                    break
                }
            }
            if matched { return start..<(start + needle.count) }
        }
        return nil
    }
}
