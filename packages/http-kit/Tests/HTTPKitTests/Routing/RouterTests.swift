import Foundation
import HTTPKit
import HTTPKitTesting
import Testing

@Suite struct RouterTests {
    /// The Elasticsearch REST subset an HTTP facade serves: each handler names its route.
    private func elasticsearchRouter() -> Router {
        let router = Router()
        let routes: [(HTTPMethod, String)] = [
            (.get, "/"), (.get, "/_cluster/health"), (.put, "/{index}"), (.head, "/{index}"),
            (.delete, "/{index}"),
            (.get, "/{index}/_mapping"), (.put, "/{index}/_mapping"), (.post, "/_bulk"),
            (.post, "/{index}/_bulk"),
            (.put, "/{index}/_doc/{id}"), (.post, "/{index}/_doc/{id}"), (.get, "/{index}/_doc/{id}"),
            (.get, "/{index}/_search"), (.post, "/{index}/_search"), (.get, "/{index}/_count"),
            (.post, "/{index}/_count"), (.post, "/_aliases"), (.get, "/_alias/{name}"),
            (.post, "/{index}/_refresh"),
        ]
        for (method, pattern) in routes {
            router.on(pattern, method: method) { _, context in
                let parameters = context.parameters.names.map { "\($0)=\(context.parameters[$0] ?? "")" }
                return .text(([context.route ?? "?"] + parameters).joined(separator: " "))
            }
        }
        return router
    }

    private func route(_ method: HTTPMethod, _ target: String, on router: Router) async throws -> Response {
        try await Application(router: router).test { client in
            try await client.execute(Request(method: method, target: target))
        }
    }

    @Test(arguments: [
        (HTTPMethod.get, "/", "/"),
        (.get, "/_cluster/health", "/_cluster/health"),
        (.put, "/assets", "/{index} index=assets"),
        (.post, "/_bulk", "/_bulk"),
        (.post, "/assets/_bulk", "/{index}/_bulk index=assets"),
        (.get, "/assets/_doc/a%2Fb", "/{index}/_doc/{id} index=assets id=a/b"),
        (.get, "/_bulk/_doc/1", "/{index}/_doc/{id} index=_bulk id=1"),
        (.get, "/_alias/catalogue", "/_alias/{name} name=catalogue"),
        (.post, "/assets/_search", "/{index}/_search index=assets"),
        (.get, "/assets/_mapping/", "/{index}/_mapping index=assets"),
        (.post, "/_aliases", "/_aliases"),
    ])
    func matchesLiteralsBeforeParametersAndBacktracks(method: HTTPMethod, target: String, expected: String)
        async throws
    {
        let response = try await route(method, target, on: elasticsearchRouter())
        #expect(response.status == .ok)
        #expect(response.bodyText == expected)
    }

    @Test func answersUnknownPathsWith404JSON() async throws {
        let response = try await route(.get, "/assets/_nothing/here/at/all", on: elasticsearchRouter())
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(
            response.bodyText
                == #"{"error":{"message":"no route for 'GET /assets/_nothing/here/at/all'; check the path"}}"#
        )
    }

    @Test func answersKnownPathsWithAnotherMethodWith405AndAllow() async throws {
        let bulk = try await route(.get, "/_bulk", on: elasticsearchRouter())
        #expect(bulk.status == .methodNotAllowed)
        #expect(bulk.headers["Allow"] == "POST")
        let document = try await route(.delete, "/assets/_doc/1", on: elasticsearchRouter())
        #expect(document.headers["Allow"] == "GET, HEAD, POST, PUT")
    }

    @Test func servesHEADWithItsOwnHandlerOrTheGETOneWithoutBody() async throws {
        let router = elasticsearchRouter()
        let explicit = try await route(.head, "/assets", on: router)
        #expect(explicit.status == .ok)
        #expect(explicit.body.isEmpty)
        #expect(explicit.headers["Content-Length"] == String("/{index} index=assets".utf8.count))
        let fallback = try await route(.head, "/assets/_doc/7", on: router)
        #expect(fallback.body.isEmpty)
        #expect(
            fallback.headers["Content-Length"] == String("/{index}/_doc/{id} index=assets id=7".utf8.count))
    }

    @Test func keepsALengthThatAHEADHandlerDeclares() async throws {
        let router = Router()
        router.head("/sized") { _, _ in Response(headers: ["Content-Length": "1234"]) }
        let response = try await route(.head, "/sized", on: router)
        #expect(response.headers["Content-Length"] == "1234")
    }

    @Test func replacesAnEarlierRegistrationOfTheSameRoute() async throws {
        let router = Router()
        router.get("/x") { _, _ in .text("first") }
        router.get("/x") { _, _ in .text("second") }
        #expect(router.routeDescriptions == ["GET /x"])
        #expect(try await route(.get, "/x", on: router).bodyText == "second")
    }

    @Test func groupsShareAPrefixAndTheirOwnMiddleware() async throws {
        let router = Router()
        let tagging = ClosureMiddleware { request, context, next in
            var response = try await next(request, context)
            response.headers.add(name: "X-Group", value: "catalogue")
            return response
        }
        let catalogue = router.group("/catalogue").add(middleware: tagging)
        catalogue.get("/asset/{uuid}") { _, context in .text(try context.parameters.require("uuid")) }
        catalogue.group("/v2").get("/ping") { _, _ in .text("pong") }
        router.get("/health") { _, _ in .text("ok") }

        let asset = try await route(.get, "/catalogue/asset/u-1", on: router)
        #expect(asset.bodyText == "u-1")
        #expect(asset.headers["X-Group"] == "catalogue")
        #expect(try await route(.get, "/catalogue/v2/ping", on: router).headers["X-Group"] == "catalogue")
        #expect(try await route(.get, "/health", on: router).headers["X-Group"] == nil)
        #expect(
            router.routeDescriptions == [
                "GET /catalogue/asset/{uuid}", "GET /catalogue/v2/ping", "GET /health",
            ])
    }

    @Test func runsMiddlewareInOrderAroundEveryRequestIncludingUnmatchedOnes() async throws {
        let router = Router()
        for name in ["outer", "inner"] {
            router.add(
                middleware: ClosureMiddleware { request, context, next in
                    var response = try await next(request, context)
                    response.headers.add(name: "X-Trace", value: name)
                    return response
                })
        }
        router.get("/x") { _, _ in .text("x") }
        #expect(try await route(.get, "/x", on: router).headers.values(for: "X-Trace") == ["inner", "outer"])
        // A 404 is an error thrown through the chain: middleware that only sees responses is skipped.
        #expect(try await route(.get, "/nope", on: router).headers.values(for: "X-Trace") == [])
    }

    @Test func letsMiddlewareTranslateRoutingErrors() async throws {
        let router = Router()
        router.add(
            middleware: ClosureMiddleware { request, context, next in
                do {
                    return try await next(request, context)
                } catch let error as RoutingError {
                    return try .json(
                        ["error": "no handler found for uri [\(request.path)]"], status: error.status)
                }
            })
        let response = try await route(.get, "/missing", on: router)
        #expect(response.status == .notFound)
        #expect(response.bodyText == #"{"error":"no handler found for uri [/missing]"}"#)
    }

    private enum ClientKey: ContextKey {
        typealias Value = String
    }

    @Test func passesValuesFromMiddlewareToHandlersThroughTheContext() async throws {
        let router = Router()
        router.add(
            middleware: ClosureMiddleware { request, context, next in
                var context = context
                context.storage[ClientKey.self] = request.headers["Catalogue-Client"] ?? "web"
                return try await next(request, context)
            })
        router.get("/client") { _, context in .text(context.storage[ClientKey.self] ?? "none") }
        let response = try await Application(router: router).test { client in
            try await client.get("/client", headers: ["catalogue-client": "android"])
        }
        #expect(response.bodyText == "android")
    }

    @Test func convertsParametersAndRejectsBadOnesWith400() async throws {
        let router = Router()
        router.get("/page/{number}") { _, context in
            .text(String(try context.parameters.require("number", as: Int.self) + 1))
        }
        router.get("/typo/{name}") { _, context in .text(try context.parameters.require("nmae")) }
        #expect(try await route(.get, "/page/41", on: router).bodyText == "42")
        let bad = try await route(.get, "/page/x", on: router)
        #expect(bad.status == .badRequest)
        #expect(
            bad.bodyText == #"{"error":{"message":"path parameter 'number' must be a valid Int, got 'x'"}}"#)
        #expect(try await route(.get, "/typo/a", on: router).status == .internalServerError)
    }
}
