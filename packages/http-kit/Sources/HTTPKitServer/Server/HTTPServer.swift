import HTTPKit
import Synchronization

/// An HTTP/1.1 server on a listening socket, serving with an `Application`'s responder (HTTPKit).
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
    /// Accepts one pending connection on the listening socket. The real one is
    /// ``SocketDescriptor/accept()``; tests wrap it to fail as a process out of descriptors
    /// would.
    package typealias Accept = @Sendable (SocketDescriptor) throws -> AcceptOutcome

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
    private let accept: Accept
    private let registry = ConnectionRegistry()
    private let limiter: ConnectionLimiter
    private let phase = Mutex(Phase.ready)
    /// Whether the listener is closed; the listener is closed and interrupted under this lock,
    /// so that ``shutdown()`` never interrupts a socket that took over its descriptor number.
    private let listenerClosed = Mutex(false)

    /// Creates a server bound as `configuration` says, serving on `loop`, whose clock times every
    /// deadline, timeout and back-off of the server (``Application/makeServer()`` passes the
    /// shared loop of the configured back end; a test may pass a loop on a manual clock).
    package init(
        configuration: ServerConfiguration, logger: Logger, loop: EventLoop,
        accept: @escaping Accept = { try $0.accept() },
        process: @escaping @Sendable (Request, String?) async -> Response
    ) throws(ServerError) {
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
        self.accept = accept
        self.limiter = ConnectionLimiter(limit: configuration.maxConnections)
    }

    /// The event loop back end the server runs on.
    public var eventLoop: EventLoopBackend { listener.loop.kind }

    /// The number of open client connections.
    public var connectionCount: Int { registry.count }

    /// The server's connection limiter (tests wait on it for the accept loop to park at the cap).
    package var connectionLimiter: ConnectionLimiter { limiter }

    /// Returns once no client connection is open (at once if none is).
    package func waitUntilNoConnections() async {
        await registry.waitUntilEmpty()
    }

    /// The most client connections open at once (`ServerConfiguration.maxConnections`, at
    /// least 1); connections beyond it wait in the listen backlog.
    public var maxConnections: Int { limiter.limit }

    /// Serves until ``shutdown()`` is called and the last connection is closed (or the grace
    /// period ends); cancelling the calling task stops at once instead.
    ///
    /// - Throws: ``ServerError/alreadyRunning`` when called twice.
    public func run() async throws {
        try phase.withLock { phase throws(ServerError) in
            guard phase == .ready else { throw .alreadyRunning }
            phase = .running
        }
        // Dispatch opens its timer descriptors on first use, which a process out of descriptors
        // cannot do: it traps (SIGILL). Under load Dispatch may start a timer of its own during an
        // EMFILE episode, so the first server of a process has it open them now, while there is
        // room. Only the first: a timer is a trip through Dispatch and back onto a cooperative
        // thread, and while those were busy the servers of es-embedded's tests waited there for
        // seconds before accepting anything (traced: listeners readable, no accept for 11.7 s).
        if Self.opensDispatchTimers() { try? await Task.sleep(for: .milliseconds(1)) }
        await withDiscardingTaskGroup { group in
            await acceptConnections(into: &group)
            listenerClosed.withLock { closed in
                closed = true
                listener.close()
            }
            await waitForConnections()
            group.cancelAll()
        }
        phase.withLock { $0 = .finished }
    }

    private static let dispatchTimersOpened = Mutex(false)

    /// Whether this is the process's first server to run (which has Dispatch open its timers).
    private static func opensDispatchTimers() -> Bool {
        dispatchTimersOpened.withLock { opened in
            defer { opened = true }
            return !opened
        }
    }

    /// Starts a graceful shutdown: stop accepting, close idle connections, let in-flight
    /// requests finish (their responses carry `Connection: close`), then ``run()`` returns.
    public func shutdown() {
        let loop = listener.loop
        registry.beginShutdown { loop.interrupt($0) }
        limiter.close()
        // The accept loop may already have seen the shutdown and closed the listener, and a new
        // socket (of this process, any server or client) may have its number now.
        listenerClosed.withLock { closed in
            if !closed { loop.interrupt(listener.descriptor.fd) }
        }
    }

    /// The loop the server runs on (its clock times the server's deadlines).
    package var loop: EventLoop { listener.loop }

    /// Accepts connections until shutdown, each under a slot of the limiter: at the cap the
    /// loop waits for a slot instead of accepting, so descriptors stay within the budget and
    /// the kernel's backlog holds the newcomers.
    private func acceptConnections(into group: inout DiscardingTaskGroup) async {
        var acceptedInARow = 0
        var holdsSlot = false
        var backoff = AcceptBackoff()
        var capNotice = NoticeThrottle(quietPeriod: .seconds(60))
        defer {
            if holdsSlot { limiter.release() }
        }
        while !registry.isShuttingDown && !Task.isCancelled {
            if !holdsSlot {
                guard await takeSlot(notice: &capNotice) else { return }
                holdsSlot = true
            }
            let outcome: AcceptOutcome
            do {
                outcome = try accept(listener.descriptor)
            } catch {
                await back(off: &backoff, level: .error, "accepting connections failed: \(error)")
                continue
            }
            switch outcome {
            case .noneWaiting:
                guard await waitForPendingConnection() else { return }
            case .outOfResources(let reason):
                await back(
                    off: &backoff, level: .notice,
                    "cannot accept connections: \(reason); retrying until it works (raise the process's"
                        + " descriptor limit, or lower maxConnections)")
            case .accepted(let client, let peer):
                if let failures = backoff.recordSuccess() {
                    logger.info("accepting connections again after \(failures) failed attempt(s)")
                }
                holdsSlot = false
                do {
                    try serve(client, peer: peer, in: &group)
                } catch {
                    await back(off: &backoff, level: .error, "serving a connection failed: \(error)")
                }
                // Under a burst of connections, let the new connections' tasks run now and then.
                acceptedInARow += 1
                if acceptedInARow.isMultiple(of: 64) { await Task.yield() }
            }
        }
    }

    /// Takes a connection slot, waiting (and saying so, now and then) at the cap; `false` when
    /// the server stops meanwhile.
    private func takeSlot(notice: inout NoticeThrottle) async -> Bool {
        if limiter.tryAcquire() { return true }
        if notice.allows(at: listener.loop.clock.now()) {
            logger.notice(
                "reached the connection limit (\(limiter.limit)); new connections wait in the listen"
                    + " backlog until one closes")
        }
        return await limiter.acquire()
    }

    /// Waits until a connection is pending; `false` when the server stops meanwhile.
    private func waitForPendingConnection() async -> Bool {
        do {
            return try await listener.loop.wait(for: .read, on: listener.descriptor.fd, deadline: nil)
                != .interrupted
        } catch is CancellationError {
            return false
        } catch {
            // The listener is not registered any more: nothing more can be accepted.
            logger.error("waiting for connections failed: \(error); no longer accepting")
            return false
        }
    }

    /// Waits after a failed `accept` (instead of spinning on a listener that stays readable),
    /// logging the first failure of an episode. The wait is on the event loop, not
    /// `Task.sleep`, which may need a new descriptor (see ``EventLoop/sleep(until:)``).
    private func back(
        off backoff: inout AcceptBackoff, level: Logger.Level, _ message: @autoclosure () -> String
    ) async {
        let now = listener.loop.clock.now()
        let (wait, log) = backoff.recordFailure(at: now)
        if log { logger.log(level, message()) }
        try? await listener.loop.sleep(until: now + wait)
    }

    /// Registers an accepted connection and serves it on its own task, which gives the slot
    /// back once the connection's descriptor is closed.
    ///
    /// - Throws: ``ServerError`` when the event loop cannot watch the connection (it is closed).
    private func serve(_ client: SocketDescriptor, peer: SocketAddress?, in group: inout DiscardingTaskGroup)
        throws(ServerError)
    {
        let limiter = self.limiter
        guard registry.add(client.fd) else {
            client.close()
            limiter.release()
            return
        }
        let socket: AsyncSocket
        do {
            socket = try AsyncSocket(registering: client, on: listener.loop)
        } catch {
            registry.remove(client.fd)
            client.close()
            limiter.release()
            throw error
        }
        let connection = HTTPConnection(
            socket: socket, peer: peer?.description, configuration: configuration, registry: registry,
            logger: logger, process: process)
        group.addTask {
            await connection.run()
            limiter.release()
        }
    }

    /// Waits until the last connection closes, or the grace period (on the loop's clock) ends.
    private func waitForConnections() async {
        let loop = listener.loop
        let deadline = loop.clock.now() + configuration.shutdownGracePeriod
        let registry = self.registry
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await registry.waitUntilEmpty() }
            group.addTask { try? await loop.sleep(until: deadline) }
            await group.next()
            group.cancelAll()
        }
        let remaining = registry.count
        if remaining > 0 {
            logger.warning("closing \(remaining) connection(s) still busy after the shutdown grace period")
        }
    }
}
