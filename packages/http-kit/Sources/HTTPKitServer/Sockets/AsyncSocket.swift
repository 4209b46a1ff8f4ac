import HTTPKit

/// A registered non-blocking socket with `async` reads and writes that wait on an
/// ``EventLoop`` instead of blocking a thread.
package struct AsyncSocket: Sendable {
    /// How a read ended.
    package enum ReadOutcome: Sendable, Equatable {
        /// This many bytes (at least one) were appended to the buffer.
        case bytes(Int)
        /// The peer closed its side (or reset the connection).
        case endOfStream
        /// Nothing arrived before the deadline.
        case timedOut
        /// The socket was interrupted (graceful shutdown).
        case interrupted
    }

    package let descriptor: SocketDescriptor
    package let loop: EventLoop

    /// Registers `descriptor` with `loop`.
    package init(registering descriptor: SocketDescriptor, on loop: EventLoop) throws(ServerError) {
        try loop.register(descriptor.fd)
        self.descriptor = descriptor
        self.loop = loop
    }

    /// Connects to `host`:`port` within `timeout`.
    package static func connect(host: String, port: Int, on loop: EventLoop, timeout: Duration) async throws
        -> AsyncSocket
    {
        let (descriptor, connected) = try SocketDescriptor.startConnect(host: host, port: port)
        let socket: AsyncSocket
        do {
            socket = try AsyncSocket(registering: descriptor, on: loop)
        } catch {
            descriptor.close()
            throw error
        }
        if connected { return socket }
        let address = SocketAddress(host: host, port: port).description
        do {
            let readiness = try await loop.wait(
                for: .write, on: descriptor.fd, deadline: loop.clock.now() + timeout)
            guard readiness == .ready else { throw ServerError.timedOut("connecting to '\(address)'") }
            if let reason = descriptor.connectionResult() {
                throw ServerError.connectFailed(address: address, reason: reason)
            }
            return socket
        } catch {
            socket.close()
            throw error
        }
    }

    /// Reads what is available into `buffer`, waiting until something arrives, the peer
    /// closes, `deadline` passes or the socket is interrupted.
    package func read(into buffer: inout ByteBuffer, deadline: ContinuousClock.Instant?) async throws
        -> ReadOutcome
    {
        while true {
            if let count = try descriptor.read(into: &buffer) {
                return count == 0 ? .endOfStream : .bytes(count)
            }
            switch try await loop.wait(for: .read, on: descriptor.fd, deadline: deadline) {
            case .ready: continue
            case .timedOut: return .timedOut
            case .interrupted: return .interrupted
            }
        }
    }

    /// Writes all of `bytes`, waiting while the socket buffer is full.
    ///
    /// - Throws: ``ServerError/timedOut(_:)`` when `deadline` passes,
    ///   ``ServerError/connectionClosed`` when the peer is gone or the socket is interrupted.
    package func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) async throws {
        var offset = 0
        while offset < bytes.count {
            let written = try bytes.withUnsafeBytes { all throws(ServerError) in
                try descriptor.write(UnsafeRawBufferPointer(rebasing: all[offset...]))
            }
            if let written {
                offset += written
                continue
            }
            switch try await loop.wait(for: .write, on: descriptor.fd, deadline: deadline) {
            case .ready: continue
            case .timedOut: throw ServerError.timedOut("writing a response")
            case .interrupted: throw ServerError.connectionClosed
            }
        }
    }

    /// Deregisters and closes the socket.
    package func close() {
        loop.deregister(descriptor.fd)
        descriptor.close()
    }
}
