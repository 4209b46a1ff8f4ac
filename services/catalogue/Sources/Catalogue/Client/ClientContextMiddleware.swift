import CLIKit
import HTTPKit

/// Reads who is asking (``ClientContext``) from the `Catalogue-Client` and
/// `Catalogue-Api-Major` headers and the `lang` parameter, once per request, and refuses bad
/// values, and either header sent more than once, with a 400 that says what is accepted.
public struct ClientContextMiddleware: Middleware {
    /// Creates the middleware.
    public init() {}

    public func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws
        -> Response
    {
        var context = context
        context.storage[ClientContextKey.self] = try Self.clientContext(of: request)
        return try await next(request, context)
    }

    /// The client context of `request`.
    ///
    /// - Throws: ``CatalogueError/invalidHeader(name:value:expected:)`` for an unknown client or a
    ///   bad or unsupported API major, ``CatalogueError/invalidParameter(name:value:expected:)``
    ///   for an unknown `lang`.
    public static func clientContext(of request: Request) throws -> ClientContext {
        ClientContext(
            platform: try platform(try single(ClientPlatform.headerName, in: request.headers)),
            version: try version(try single(APIVersion.headerName, in: request.headers)),
            language: try request.query.language("lang") ?? .english)
    }

    /// The value of a header that must come at most once.
    ///
    /// - Throws: ``CatalogueError/repeatedHeader(name:values:)`` when it comes more than once:
    ///   which of two API majors a client meant cannot be guessed.
    static func single(_ name: String, in headers: HTTPHeaders) throws -> String? {
        let values = headers.values(for: name)
        guard values.count <= 1 else { throw CatalogueError.repeatedHeader(name: name, values: values) }
        return values.first
    }

    static func platform(_ header: String?) throws -> ClientPlatform {
        guard let text = header?.trimmingHTTPWhitespace(), !text.isEmpty else { return .website }
        guard let platform = ClientPlatform(rawValue: text.lowercased()) else {
            let accepted = ClientPlatform.allCases.map(\.rawValue)
            let hint = NearMatch.closest(to: text, among: accepted).map { " (did you mean '\($0)'?)" } ?? ""
            throw CatalogueError.invalidHeader(
                name: ClientPlatform.headerName, value: text,
                expected: "must be \(NearMatch.list(accepted))\(hint)")
        }
        return platform
    }

    static func version(_ header: String?) throws -> APIVersion {
        guard let text = header?.trimmingHTTPWhitespace(), !text.isEmpty else { return .current }
        let range = APIVersion.oldestSupported.major...APIVersion.current.major
        guard let major = Int(text), range.contains(major) else {
            throw CatalogueError.invalidHeader(
                name: APIVersion.headerName, value: text,
                expected: "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return APIVersion(major: major)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingHTTPWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
