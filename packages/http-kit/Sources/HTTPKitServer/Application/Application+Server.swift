import CLIKit
import HTTPKit

extension Application {
    /// A server bound to the configured address, not yet serving.
    ///
    /// - Throws: ``ServerError`` when the address cannot be bound.
    public func makeServer() throws -> HTTPServer {
        let loop: EventLoop
        if let kind = configuration.eventLoop {
            loop = try EventLoop.shared(kind)
        } else {
            loop = try EventLoop.shared()
        }
        return try makeServer(on: loop)
    }

    /// A server bound to the configured address that serves on `loop` (whose clock times its
    /// deadlines), not yet serving.
    package func makeServer(on loop: EventLoop) throws(ServerError) -> HTTPServer {
        let application = self
        return try HTTPServer(configuration: configuration, logger: logger, loop: loop) { request, peer in
            await application.handle(request, peer: peer)
        }
    }

    /// Serves until one of the configured shutdown signals (SIGINT, SIGTERM) arrives, then
    /// shuts down gracefully and returns.
    ///
    /// - Parameter onListening: called with the bound address once the server listens (useful
    ///   with port 0).
    /// - Throws: ``ServerError`` when the address cannot be bound.
    public func run(onListening: @Sendable (SocketAddress) -> Void = { _ in }) async throws {
        let server = try makeServer()
        let logger = self.logger
        // Signals are watched before the address is announced: whoever learns it may stop the
        // server at once, and must get a graceful shutdown.
        let watcher = StopSignals(configuration.shutdownSignals) { delivery in
            logger.info("received \(delivery.name); finishing in-flight requests")
            server.shutdown()
        }
        defer { watcher.stop() }
        logger.info("listening on \(server.address.httpURL) (event loop: \(server.eventLoop))")
        onListening(server.address)
        try await server.run()
        logger.info("stopped")
    }
}
