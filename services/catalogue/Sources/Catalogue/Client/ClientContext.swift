import HTTPKit

/// Who is asking: the client platform, the API version and the language, read once per
/// request by ``ClientContextMiddleware`` and used by every handler.
public struct ClientContext: Sendable, Equatable {
    /// The platform (`Catalogue-Client`).
    public var platform: ClientPlatform
    /// The API version (`Catalogue-Api-Major`).
    public var version: APIVersion
    /// The language for titles and descriptions (`lang`).
    public var language: LanguageCode

    /// Creates a context; the defaults are those of a request with no headers and no `lang`.
    public init(
        platform: ClientPlatform = .website, version: APIVersion = .current, language: LanguageCode = .english
    ) {
        self.platform = platform
        self.version = version
        self.language = language
    }
}

/// The ``ClientContext`` in a request context's storage.
public enum ClientContextKey: ContextKey {
    public typealias Value = ClientContext
}

extension RequestContext {
    /// The request's client context (the defaults if the middleware did not run).
    public var client: ClientContext {
        storage[ClientContextKey.self] ?? ClientContext()
    }
}
