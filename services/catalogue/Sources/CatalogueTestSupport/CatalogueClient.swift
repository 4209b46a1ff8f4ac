import Catalogue
import HTTPKit
import Testing

/// A client of the Catalogue API under test, as a given platform and API version: requests go
/// through the whole stack in-process (router, middleware, handlers, query building, the
/// test's search store, response shaping), with no sockets.
///
/// ```swift
/// let response = try await androidClient.get(
///     "/catalogue/by_id", query: ["id[]": "uuid-1,uuid-2", "content_country": "KE"])
/// let old = try await androidClient.apiMajor(130).get("/catalogue/promos")
/// ```
public struct CatalogueClient: Sendable {
    /// The `Catalogue-Client` header sent; `nil` sends none (the API assumes the website).
    public var platform: ClientPlatform?
    /// The `Catalogue-Api-Major` header sent; `nil` sends none (the API assumes 138).
    public var apiMajor: String?
    /// Other headers sent with every request.
    public var headers: HTTPHeaders

    /// Creates a client.
    public init(platform: ClientPlatform?, apiMajor: String? = nil, headers: HTTPHeaders = [:]) {
        self.platform = platform
        self.apiMajor = apiMajor
        self.headers = headers
    }

    /// The same client asking for API major `major`.
    public func apiMajor(_ major: Int) -> CatalogueClient {
        apiMajor(String(major))
    }

    /// The same client sending `Catalogue-Api-Major: value` as is (for malformed values).
    public func apiMajor(_ value: String) -> CatalogueClient {
        var client = self
        client.apiMajor = value
        return client
    }

    /// The same client sending one more header.
    public func header(_ name: String, _ value: String) -> CatalogueClient {
        var client = self
        client.headers.add(name: name, value: value)
        return client
    }

    /// Sends `GET path?query` to the test's Catalogue API.
    ///
    /// - Throws: ``IntegrationFixtures/FixtureError/noEnvironment`` outside of `.useData(...)`.
    public func get(
        _ path: String, query: QueryItems = [:], headers: HTTPHeaders = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Response {
        try await send(
            Request(method: .get, path: path, query: query, headers: allHeaders(headers)),
            sourceLocation: sourceLocation)
    }

    /// Sends any request to the test's Catalogue API, with this client's headers.
    ///
    /// - Throws: ``IntegrationFixtures/FixtureError/noEnvironment`` outside of `.useData(...)`.
    /// Sends `request` to the test's application; the response is checked against the OpenAPI
    /// document (`/openapi.json`), and any mismatch recorded as an issue of the test.
    public func send(_ request: Request, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> Response
    {
        var request = request
        request.headers = allHeaders(request.headers)
        let response = try await CatalogueFixture.application().handle(request)
        for problem in CatalogueClient.validator.problems(
            method: request.method, path: request.path, response: response)
        {
            Issue.record(
                "the response does not match /openapi.json: \(problem)", sourceLocation: sourceLocation)
        }
        return response
    }

    /// The validator of every response the integration tests receive.
    public static let validator = OpenAPIValidator(document: CatalogueOpenAPI.document)

    /// The client's headers, then the request's own for every name the client does not set
    /// (a name the request repeats is sent repeated).
    private func allHeaders(_ extra: HTTPHeaders) -> HTTPHeaders {
        var all = headers
        if let platform, !all.contains(name: ClientPlatform.headerName) {
            all.add(name: ClientPlatform.headerName, value: platform.rawValue)
        }
        if let apiMajor, !all.contains(name: APIVersion.headerName) {
            all.add(name: APIVersion.headerName, value: apiMajor)
        }
        let set = all
        for field in extra where !set.contains(name: field.name) {
            all.add(name: field.name, value: field.value)
        }
        return all
    }
}

/// A website client (`Catalogue-Client: website`).
public var websiteClient: CatalogueClient { CatalogueClient(platform: .website) }
/// An Android client (`Catalogue-Client: android`).
public var androidClient: CatalogueClient { CatalogueClient(platform: .android) }
/// An iOS client (`Catalogue-Client: ios`).
public var iosClient: CatalogueClient { CatalogueClient(platform: .ios) }
/// A TV client (`Catalogue-Client: tv`).
public var tvClient: CatalogueClient { CatalogueClient(platform: .tv) }
/// A client that sends no `Catalogue-Client` header.
public var anonymousClient: CatalogueClient { CatalogueClient(platform: nil) }
