import HTTPKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-blocking TCP socket file descriptor and the system calls HTTPKit makes on it.
///
/// Every call reports "would block" as `nil` instead of an error, so callers can wait for
/// readiness on an ``EventLoop`` and retry.
package struct SocketDescriptor: Sendable, Hashable {
    /// The file descriptor.
    package let fd: Int32

    package init(fd: Int32) {
        self.fd = fd
    }

    /// A socket bound to `host`:`port` (port 0 picks a free one) and listening.
    package static func listen(host: String, port: Int, backlog: Int32) throws(ServerError)
        -> SocketDescriptor
    {
        try withResolvedAddress(host: host, port: port, passive: true) { (info) throws(ServerError) in
            let socket = try open(family: info.ai_family)
            var on: Int32 = 1
            setsockopt(socket.fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard bind(socket.fd, info.ai_addr, info.ai_addrlen) == 0 else {
                let reason = lastErrorReason()
                socket.close()
                throw .bindFailed(address: SocketAddress(host: host, port: port).description, reason: reason)
            }
            guard Posix.listenOn(socket.fd, backlog: backlog) == 0 else {
                let reason = lastErrorReason()
                socket.close()
                throw .systemCall("listen", reason: reason)
            }
            return socket
        }
    }

    /// Starts a connection to `host`:`port`; returns the socket and whether the connection is
    /// already established (otherwise wait for writability, then call ``connectionResult()``).
    package static func startConnect(host: String, port: Int) throws(ServerError) -> (SocketDescriptor, Bool)
    {
        try withResolvedAddress(host: host, port: port, passive: false) { (info) throws(ServerError) in
            let socket = try open(family: info.ai_family)
            socket.setNoDelay()
            if Posix.connectTo(socket.fd, info.ai_addr, info.ai_addrlen) == 0 { return (socket, true) }
            if errno == EINPROGRESS { return (socket, false) }
            let reason = lastErrorReason()
            socket.close()
            throw .connectFailed(address: SocketAddress(host: host, port: port).description, reason: reason)
        }
    }

    /// The outcome of a non-blocking connect once the socket is writable: `nil` on success,
    /// the failure reason otherwise.
    package func connectionResult() -> String? {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return lastErrorReason() }
        return error == 0 ? nil : Self.reason(error)
    }

    /// The address the socket is bound to.
    package func localAddress() throws(ServerError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0, let address = SocketAddress(storage, length: length) else {
            throw .systemCall("getsockname", reason: lastErrorReason())
        }
        return address
    }

    /// Accepts a pending connection, made non-blocking with `TCP_NODELAY`.
    ///
    /// Errors that concern only the pending connection (it was aborted, or the network
    /// failed under it) are skipped, as `accept(2)` advises; running out of descriptors is
    /// ``AcceptOutcome/outOfResources(reason:)``, not an error.
    package func accept() throws(ServerError) -> AcceptOutcome {
        var storage = sockaddr_storage()
        while true {
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Posix.acceptOn(fd, $0, &length) }
            }
            if client >= 0 {
                let socket = SocketDescriptor(fd: client)
                Posix.configureNonBlocking(client)
                Posix.disableSigPipe(client)
                socket.setNoDelay()
                return .accepted(socket, SocketAddress(storage, length: length))
            }
            if let outcome = try Self.acceptOutcome(failure: errno) { return outcome }
        }
    }

    /// What an `accept` that failed with `error` means: `nil` to try again at once (the call
    /// was interrupted, or only the pending connection failed), else the outcome to report.
    ///
    /// - Throws: ``ServerError/systemCall(_:reason:)`` for any other error.
    package static func acceptOutcome(failure error: Int32) throws(ServerError) -> AcceptOutcome? {
        if Posix.transientAcceptErrors.contains(error) { return nil }
        switch error {
        case EAGAIN, EWOULDBLOCK: return .noneWaiting
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfResources(reason: reason(error))
        default: throw .systemCall("accept", reason: reason(error))
        }
    }

    /// Reads available bytes into `buffer`: the count read, 0 at end of stream (or when the
    /// peer reset the connection), `nil` when nothing is available yet.
    package func read(into buffer: inout ByteBuffer) throws(ServerError) -> Int? {
        while true {
            var result = 0
            _ = buffer.writeWithUnsafeMutableBytes(minimumWritable: 8192) { bytes in
                result = recv(fd, bytes.baseAddress, bytes.count, 0)
                return max(0, result)
            }
            if result >= 0 { return result }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            case ECONNRESET, EPIPE, ETIMEDOUT: return 0
            default: throw .systemCall("recv", reason: lastErrorReason())
            }
        }
    }

    /// Writes as many of `bytes` as the socket accepts: the count written, `nil` when the
    /// socket buffer is full.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(ServerError) -> Int? {
        while true {
            let count = send(fd, bytes.baseAddress, bytes.count, Posix.sendFlags)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            case ECONNRESET, EPIPE: throw .connectionClosed
            default: throw .systemCall("send", reason: lastErrorReason())
            }
        }
    }

    /// Stops sending: the peer reads end of stream after the bytes already sent.
    package func shutdownWrite() {
        shutdown(fd, Posix.shutWrite)
    }

    /// Closes the descriptor.
    package func close() {
        Posix.closeDescriptor(fd)
    }

    private static func open(family: Int32) throws(ServerError) -> SocketDescriptor {
        let fd = Posix.openStreamSocket(family: family)
        guard fd >= 0 else { throw .systemCall("socket", reason: lastErrorReason()) }
        return SocketDescriptor(fd: fd)
    }

    private func setNoDelay() {
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func withResolvedAddress<Result>(
        host: String, port: Int, passive: Bool, _ body: (addrinfo) throws(ServerError) -> Result
    ) throws(ServerError) -> Result {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Posix.streamSocketType
        hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .invalidAddress(
                host: host, port: port, reason: String(cString: gai_strerror(status)).lowercased())
        }
        defer { freeaddrinfo(list) }
        return try body(first.pointee)
    }

    static func reason(_ error: Int32) -> String {
        Posix.reason(error)
    }
}
