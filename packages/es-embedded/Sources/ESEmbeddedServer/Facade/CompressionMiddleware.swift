import ESModels
import Foundation
import HTTPKit

/// `Content-Encoding: gzip` request bodies, decompressed before routing (what clients with
/// `http_compress=True` send); a body that is not gzip answers 400.
struct RequestDecompressionMiddleware: Middleware {
    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        guard let encoding = request.headers["Content-Encoding"]?.lowercased(), !request.body.isEmpty else {
            return try await next(request, context)
        }
        var request = request
        switch encoding.trimmingCharacters(in: .whitespaces) {
        case "gzip", "x-gzip", "deflate":
            do {
                request.body = try Gzip.decompress(request.body)
            } catch {
                throw ElasticsearchError.illegalArgument("failed to decompress the request body: \(error)")
            }
            request.headers.remove(name: "Content-Encoding")
        case "identity":
            break
        default:
            throw ElasticsearchError.illegalArgument("unsupported Content-Encoding [\(encoding)]")
        }
        return try await next(request, context)
    }
}

/// gzip responses for clients that accept them (`Accept-Encoding: gzip`), as Elasticsearch's
/// `http.compression` (on by default) answers; bodies too small to gain are sent as they are.
struct ResponseCompressionMiddleware: Middleware {
    static let minimumSize = 256

    func handle(_ request: Request, context: RequestContext, next: NextResponder) async throws -> Response {
        var response = try await next(request, context)
        guard let accepted = request.headers["Accept-Encoding"], Self.acceptsGzip(accepted),
            response.body.count >= Self.minimumSize, response.headers["Content-Encoding"] == nil,
            let compressed = Gzip.compress(response.body)
        else { return response }
        response.body = compressed
        response.headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
        response.headers.replaceOrAdd(name: "Vary", value: "Accept-Encoding")
        return response
    }

    static func acceptsGzip(_ header: String) -> Bool {
        header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" }
        }
    }
}
