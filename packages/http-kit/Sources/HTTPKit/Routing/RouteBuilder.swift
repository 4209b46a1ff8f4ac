/// Something routes are registered on: a ``Router`` or a ``RouterGroup``.
///
/// Types provide ``on(_:method:use:)``; the per-method shorthands come with the protocol.
public protocol RouteBuilder {
    /// Registers `handler` for `method` and `path`, replacing an earlier registration of the
    /// same method and path.
    @discardableResult
    func on(_ path: String, method: HTTPMethod, use handler: @escaping RouteHandler) -> Self
}

extension RouteBuilder {
    /// Registers a `GET` handler (also used for `HEAD` unless one is registered).
    @discardableResult
    public func get(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .get, use: handler)
    }

    /// Registers a `HEAD` handler.
    @discardableResult
    public func head(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .head, use: handler)
    }

    /// Registers a `POST` handler.
    @discardableResult
    public func post(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .post, use: handler)
    }

    /// Registers a `PUT` handler.
    @discardableResult
    public func put(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .put, use: handler)
    }

    /// Registers a `DELETE` handler.
    @discardableResult
    public func delete(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .delete, use: handler)
    }

    /// Registers a `PATCH` handler.
    @discardableResult
    public func patch(_ path: String, use handler: @escaping RouteHandler) -> Self {
        on(path, method: .patch, use: handler)
    }
}
