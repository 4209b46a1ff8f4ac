import Foundation

/// What a Catalogue API instance reads, how long it trusts what it caches, and how long it
/// waits for the store.
public struct CatalogueConfiguration: Sendable {
    /// The indices to read.
    public var indices: CatalogueIndices
    /// How long the list of territories (used to check `content_country`) is kept before it
    /// is read again.
    public var territoryCacheLifetime: Duration
    /// Every request's budget for all the store calls it makes (default 2 s): a store that has
    /// not answered by then gives a 503 with `Retry-After`.
    public var requestTimeout: Duration
    /// How long `/health/ready` waits for the store (default 1 s), whatever the store does.
    public var readinessTimeout: Duration
    /// When the circuit breaker opens and for how long.
    public var breaker: CircuitBreaker.Configuration
    /// How long a CDN may keep each endpoint's answers (`Cache-Control: public, max-age=N`).
    public var cache: CachePolicy
    /// What signs the `next` cursors of listings, and which keys' cursors are accepted; every
    /// instance behind one address needs the same (default: a random key of this configuration's
    /// own, so cursors survive no restart).
    public var cursorKeys: CursorKeys
    /// The most home screen answers kept (one per country, platform, API major, language and
    /// `items` asked for); past it the least recently used is dropped.
    public var homeScreenCapacity: Int = 4_096
    /// A preview run (`catalogue serve --preview`): `GET /preview` serves the editors' page, and
    /// the `at` parameter shows any moment instead of now. Never in production: the page shows
    /// rows and items not yet public, and a moment of one's choosing bypasses the caches.
    public var preview: Bool = false

    /// Creates a configuration.
    public init(
        indices: CatalogueIndices = CatalogueIndices(), territoryCacheLifetime: Duration = .seconds(60),
        requestTimeout: Duration = .seconds(2), readinessTimeout: Duration = .seconds(1),
        breaker: CircuitBreaker.Configuration = .init(), cache: CachePolicy = .init(),
        cursorKeys: CursorKeys = .random(), preview: Bool = false
    ) {
        self.indices = indices
        self.territoryCacheLifetime = territoryCacheLifetime
        self.requestTimeout = requestTimeout
        self.readinessTimeout = readinessTimeout
        self.breaker = breaker
        self.cache = cache
        self.cursorKeys = cursorKeys
        self.preview = preview
    }
}
