import Foundation

/// An HTTP request as the router and handlers see it: method, target, headers and the whole
/// body.
///
/// `path` is the raw (still percent-encoded) path of the target and `query` its decoded items;
/// the router decodes each path segment when it matches parameters, so `/docs/a%2Fb` matches
/// `/docs/{id}` with `id == "a/b"`.
public struct Request: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The raw path, percent-encoded as received, always starting with `/` (or `*`).
    public var path: String
    /// The raw query string after `?`, or `nil` when the target has no `?`.
    public var rawQuery: String?
    /// The decoded query items, in order.
    public var query: QueryItems
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when the request has no body).
    public var body: Data
    /// The protocol version of the request line.
    public var version: HTTPVersion

    /// Creates a request from a request target such as `/catalogue/by_id?id[]=a,b`; an
    /// absolute-form target (`http://host/path?query`) is reduced to its path and query.
    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: Data = Data(),
        version: HTTPVersion = .http1_1
    ) {
        let (path, rawQuery) = Request.splitTarget(target)
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.query = rawQuery.map(QueryItems.init(parsing:)) ?? QueryItems()
        self.headers = headers
        self.body = body
        self.version = version
    }

    /// Creates a request from a path and query items; the path is used as given (encode
    /// reserved characters in segments yourself).
    public init(
        method: HTTPMethod, path: String, query: QueryItems = [:], headers: HTTPHeaders = [:],
        body: Data = Data(), version: HTTPVersion = .http1_1
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.rawQuery = query.isEmpty ? nil : query.encoded
        self.headers = headers
        self.body = body
        self.version = version
    }

    /// The request target as sent on the request line: the path, then `?` and the raw query.
    public var target: String {
        rawQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The decoded, non-empty segments of the path: `/a/b%20c/` gives `["a", "b c"]`.
    public var pathSegments: [String] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { PercentEncoding.decode($0) }
    }

    /// Whether the connection should stay open after this request's response, from the version
    /// and the `Connection` header (HTTP/1.1 defaults to keep-alive, HTTP/1.0 to close).
    public var wantsKeepAlive: Bool {
        if headers.containsToken("close", inField: "Connection") { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", inField: "Connection") }
        return true
    }

    private static func splitTarget(_ target: String) -> (path: String, query: String?) {
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            rest =
                afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] }
                ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        if let question = rest.firstIndex(of: "?") {
            return (String(rest[..<question]), String(rest[rest.index(after: question)...]))
        }
        return (String(rest), nil)
    }
}
