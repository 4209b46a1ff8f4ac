import Synchronization

/// An HTTP/1.1 server on a listening socket, serving with an ``Application``'s responder.
///
/// Created bound (so ``address`` is known before serving, even with port 0); ``run()`` serves
/// until ``shutdown()``. Connections are accepted on the event loop and each is served by its
/// own task on Swift's cooperative pool, so handlers run on every core.
///
/// ```swift
/// let server = try application.makeServer()
/// print("listening on", server.address)
/// async let serving: Void = server.run()
/// ...
/// server.shutdown()
/// try await serving
/// ```
public final class HTTPServer: Sendable {
    private enum Phase {
        case ready
        case running
        case finished
    }

    /// The address the server is bound to (with the real port when the configuration asked
    /// for port 0).
    public let address: SocketAddress

    private let listener: AsyncSocket
    private let configuration: ServerConfiguration
    private let logger: Logger
    private let process: @Sendable (Request, String?) async -> Response
    private let registry = ConnectionRegistry()
    private let phase = Mutex(Phase.ready)

    init(
        configuration: ServerConfiguration, logger: Logger,
        process: @escaping @Sendable (Request, String?) async -> Response
    ) throws(ServerError) {
        let loop = try EventLoop.shared()
        let descriptor = try SocketDescriptor.listen(
            host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        do {
            address = try descriptor.localAddress()
            listener = try AsyncSocket(registering: descriptor, on: loop)
        } catch {
            descriptor.close()
            throw error
        }
        self.configuration = configuration
        self.logger = logger
        self.process = process
    }

    /// The number of open client connections.
    public var connectionCount: Int { registry.count }

    /// Serves until ``shutdown()`` is called and the last connection is closed (or the grace
    /// period ends); cancelling the calling task stops at once instead.
    ///
    /// - Throws: ``ServerError/alreadyRunning`` when called twice.
    public func run() async throws {
        try phase.withLock { phase throws(ServerError) in
            guard phase == .ready else { throw .alreadyRunning }
            phase = .running
        }
        await withDiscardingTaskGroup { group in
            await acceptConnections(into: &group)
            listener.close()
            await waitForConnections()
            group.cancelAll()
        }
        phase.withLock { $0 = .finished }
    }

    /// Starts a graceful shutdown: stop accepting, close idle connections, let in-flight
    /// requests finish (their responses carry `Connection: close`), then ``run()`` returns.
    public func shutdown() {
        let idle = registry.beginShutdown()
        listener.loop.interrupt(listener.descriptor.fd)
        for fd in idle {
            listener.loop.interrupt(fd)
        }
    }

    private func acceptConnections(into group: inout DiscardingTaskGroup) async {
        var acceptedInARow = 0
        while !registry.isShuttingDown && !Task.isCancelled {
            do {
                guard let (client, peer) = try listener.descriptor.accept() else {
                    let readiness = try await listener.loop.wait(
                        for: .read, on: listener.descriptor.fd, deadline: nil)
                    if readiness == .interrupted { return }
                    continue
                }
                guard registry.add(client.fd) else {
                    client.close()
                    continue
                }
                let connection: HTTPConnection
                do {
                    connection = HTTPConnection(
                        socket: try AsyncSocket(registering: client, on: listener.loop),
                        peer: peer?.description,
                        configuration: configuration, registry: registry, logger: logger, process: process)
                } catch {
                    registry.remove(client.fd)
                    client.close()
                    throw error
                }
                group.addTask { await connection.run() }
                // Under a burst of connections, let the new connections' tasks run now and then.
                acceptedInARow += 1
                if acceptedInARow.isMultiple(of: 64) { await Task.yield() }
            } catch is CancellationError {
                return
            } catch {
                // Usually out of file descriptors: back off instead of spinning.
                logger.error("accepting connections failed: \(error)")
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func waitForConnections() async {
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        while registry.count > 0 && ContinuousClock.now < deadline && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let remaining = registry.count
        if remaining > 0 {
            logger.warning("closing \(remaining) connection(s) still busy after the shutdown grace period")
        }
    }
}
