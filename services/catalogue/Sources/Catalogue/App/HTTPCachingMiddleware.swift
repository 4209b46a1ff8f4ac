import ESModels
import Foundation
import HTTPKit

/// Makes the catalogue's answers cacheable by a CDN in front of it: an `ETag` on every 200,
/// `If-None-Match` answered with 304 (no body), `Cache-Control: public, max-age=N` per route, and
/// `Vary` on the headers the answer depends on besides the URL.
///
/// The tag is a hash of the body (FNV-1a, 64 bits), the same in every instance behind the CDN,
/// so a revalidation that reaches another instance still gets its 304.
struct HTTPCachingMiddleware: Middleware {
    /// What varies an answer besides the URL.
    static let vary = "Catalogue-Client, Catalogue-Api-Major"

    let policy: CachePolicy

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        var response = try await next(request, context)
        guard response.status == .ok else { return response }
        // A handler that knows its answer's tag or lifetime (a kept home screen) set them already.
        let tag = response.headers["ETag"] ?? Self.entityTag(of: response.body)
        response.headers.replaceOrAdd(name: "ETag", value: tag)
        if !response.headers.contains(name: "Cache-Control") {
            response.headers.replaceOrAdd(
                name: "Cache-Control", value: "public, max-age=\(policy.maxAge(for: request.path))")
        }
        response.headers.replaceOrAdd(name: "Vary", value: Self.vary)
        if Self.matches(request.headers.values(for: "If-None-Match"), tag) {
            response.status = .notModified
            response.body = Data()
            response.headers.remove(name: "Content-Type")
        }
        return response
    }

    /// Whether an `If-None-Match` list names `tag` (weak comparison, as RFC 9110 asks for it).
    static func matches(_ values: [String], _ tag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var text = candidate.trimmingCharacters(in: .whitespaces)
                if text == "*" { return true }
                if text.hasPrefix("W/") { text.removeFirst(2) }
                if text == tag { return true }
            }
        }
        return false
    }

    /// A strong tag for `body`: `"` + 16 hexadecimal digits + `"`.
    static func entityTag(of body: Data) -> String {
        let hash = body.withUnsafeBytes { FNV1a($0) }
        return "\"" + hash.hexDigest + "\""
    }
}

/// How long a CDN may keep each route's answers.
public struct CachePolicy: Sendable, Equatable {
    /// Seconds by route path (`/catalogue/territories`); `/catalogue/asset/` covers every asset.
    public var maxAgeByRoute: [String: Int]
    /// Seconds for a route not listed.
    public var defaultMaxAge: Int

    /// Creates a policy; by default reference data (territories, languages, categories, ratings)
    /// for 300 s, everything else for 30 s (promos and licence windows change by the minute).
    public init(
        maxAgeByRoute: [String: Int] = [
            "/catalogue/territories": 300, "/catalogue/languages": 300, "/catalogue/categories": 300,
            "/catalogue/ratings": 300,
        ],
        defaultMaxAge: Int = 30
    ) {
        self.maxAgeByRoute = maxAgeByRoute
        self.defaultMaxAge = defaultMaxAge
    }

    /// `Cache-Control` for an answer that holds until `until` (`nil`: no known end): shared
    /// caches keep it (`s-maxage`) and may serve it stale while revalidating
    /// (`stale-while-revalidate`) for no longer, together, than the time left, so a CDN never
    /// serves it past the instant it changes; browsers keep it `maxAge` at most too.
    static func boundedCacheControl(maxAge: Int, now: Date, until: Date?) -> String {
        let left = until.map { max(0, Int($0.timeIntervalSince(now).rounded(.down))) } ?? Int.max
        let stale = min(maxAge, left / 2)
        let fresh = min(maxAge, left - stale)
        guard fresh > 0 else { return "public, max-age=0, s-maxage=0, must-revalidate" }
        return "public, max-age=\(fresh), s-maxage=\(fresh), stale-while-revalidate=\(stale)"
    }

    func maxAge(for path: String) -> Int {
        if let seconds = maxAgeByRoute[path] { return seconds }
        if path.hasPrefix("/catalogue/asset/"), let seconds = maxAgeByRoute["/catalogue/asset/"] {
            return seconds
        }
        return defaultMaxAge
    }
}
