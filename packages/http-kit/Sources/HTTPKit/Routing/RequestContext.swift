/// What a handler knows about its request besides the request itself: a request id, the path
/// parameters the router matched, a logger tagged with the request id, the peer's address, and
/// values that middleware stored for later stages.
///
/// ```swift
/// router.get("/catalogue/asset/{uuid}") { request, context in
///     let uuid = try context.parameters.require("uuid")
///     context.logger.debug("looking up asset", metadata: ["uuid": uuid])
///     ...
/// }
/// ```
public struct RequestContext: Sendable {
    /// An identifier for this request: the client's `X-Request-ID` when it sent a sensible one,
    /// otherwise a random one; it is also in the logger's metadata as `request_id`.
    public var requestID: String
    /// The path parameters of the matched route (empty before routing).
    public var parameters: PathParameters
    /// The matched route's pattern, such as `/catalogue/asset/{uuid}` (`nil` before routing).
    public var route: String?
    /// A logger whose metadata carries `request_id`.
    public var logger: Logger
    /// The peer's address as `host:port`, or `nil` for in-process requests.
    public var remoteAddress: String?
    /// Values that middleware attach for handlers, keyed by type.
    public var storage: ContextStorage

    /// Creates a context; the logger gets the request id as `request_id` metadata.
    public init(requestID: String, logger: Logger, remoteAddress: String? = nil) {
        self.requestID = requestID
        self.parameters = PathParameters()
        self.route = nil
        var logger = logger
        logger[metadataKey: "request_id"] = requestID
        self.logger = logger
        self.remoteAddress = remoteAddress
        self.storage = ContextStorage()
    }
}

/// A key for a value that middleware store in ``RequestContext/storage``.
///
/// ```swift
/// enum ClientPlatformKey: ContextKey { typealias Value = String }
/// context.storage[ClientPlatformKey.self] = "android"
/// ```
public protocol ContextKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
}

/// Typed per-request values, keyed by ``ContextKey`` types.
public struct ContextStorage: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates empty storage.
    public init() {}

    /// The value stored for `key`, or `nil`.
    public subscript<Key: ContextKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
