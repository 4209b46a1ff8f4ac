import Testing

@testable import HTTPKitServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct SocketDescriptorTests {
    /// An accepted connection is non-blocking and close-on-exec as it comes out of `accept`: a
    /// child process spawned meanwhile must not inherit it.
    @Test func acceptedConnectionsAreNonBlockingAndCloseOnExec() throws {
        let listener = try SocketDescriptor.listen(host: "127.0.0.1", port: 0, backlog: 4)
        defer { listener.close() }
        let port = try listener.localAddress().port
        let (client, _) = try SocketDescriptor.startConnect(host: "127.0.0.1", port: port)
        defer { client.close() }
        // Waits (poll, 60 s bound) until the kernel has the connection in the backlog.
        var ready = pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 60_000) == 1)
        var accepted: SocketDescriptor?
        if case .accepted(let socket, _) = try listener.accept() { accepted = socket }
        let connection = try #require(accepted)
        defer { connection.close() }
        #expect(fcntl(connection.fd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(connection.fd, F_GETFL) & O_NONBLOCK != 0)
    }
}
