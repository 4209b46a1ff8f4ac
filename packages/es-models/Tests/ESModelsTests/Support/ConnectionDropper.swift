import Foundation
import HTTPKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cluster that closes connections without answering: the one fault of these tests that
/// http-kit's server cannot play. Its `HTTPServer` writes whatever response the handler gives
/// (a handler that throws, or is cancelled at shutdown, still gets a 500 written), and neither
/// HTTPKitServer nor HTTPKitServerTesting has a way to close a connection instead of answering
/// its request; so this small listener does only that.
///
/// On 127.0.0.1, the first `drops` connections are closed as soon as a request head has arrived
/// on them; later connections are relayed byte for byte to `upstream` (a ``ClusterStandIn``'s
/// server on 127.0.0.1, which answers them), or closed too when there is none. The relay is
/// there only so that "drop, then answer" is one address, the answers still http-kit's.
final class ConnectionDropper: Sendable {
    private struct State {
        var accepted = 0
        var dropped = 0
        /// Descriptors in use by a connection's thread, which closes them; ``stop()`` only
        /// shuts them down, so that a number is not reused while that thread still holds it.
        var open: Set<Int32> = []
        var stopped = false
    }

    /// Where the dropper listens.
    let address: SocketAddress
    private let drops: Int
    private let upstream: SocketAddress?
    private let listener: Int32
    private let state = Mutex(State())

    /// Listens on a free port of 127.0.0.1.
    init(dropping drops: Int = .max, thenRelayingTo upstream: SocketAddress? = nil) throws {
        self.drops = drops
        self.upstream = upstream
        let fd = Self.openSocket()
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.address = SocketAddress(host: "127.0.0.1", port: Int(UInt16(bigEndian: address.sin_port)))
        Thread { [self] in acceptLoop() }.start()
    }

    var baseURL: URL {
        URL(string: address.httpURL) ?? URL(fileURLWithPath: "/")
    }

    /// The connections closed so far, each after its request head arrived.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Stops accepting and ends the connections still open.
    func stop() {
        let open: Set<Int32>? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return state.open
        }
        guard let open else { return }
        // The accept thread closes the listener when it leaves (see `State.open`).
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            Self.disableSigPipe(fd)
            let index: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.open.insert(fd)
                defer { state.accepted += 1 }
                return state.accepted
            }
            guard let index else {
                close(fd)
                return
            }
            if index < drops {
                Thread { [self] in drop(fd) }.start()
            } else if let upstream {
                Thread { [self] in relay(fd, to: upstream) }.start()
            } else {
                release(fd)
            }
        }
    }

    /// Reads a request head, then closes the connection without a byte of answer.
    private func drop(_ fd: Int32) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let headEnd = Array("\r\n\r\n".utf8)
        while received.firstRange(of: headEnd) == nil {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[0..<count])
        }
        if received.firstRange(of: headEnd) != nil { state.withLock { $0.dropped += 1 } }
        shutdown(fd, Int32(SHUT_RDWR))
        release(fd)
    }

    /// Copies bytes both ways between `client` and a new connection to `upstream` until both
    /// sides have finished.
    private func relay(_ client: Int32, to upstream: SocketAddress) {
        let server = Self.openSocket()
        var address = Self.loopback(port: upstream.port)
        let connected =
            server >= 0
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            } == 0
        guard connected, state.withLock({ $0.stopped ? false : $0.open.insert(server).inserted }) else {
            if server >= 0 { close(server) }
            release(client)
            return
        }
        Self.disableSigPipe(server)
        let requestsDone = DispatchSemaphore(value: 0)
        Thread { [self] in
            pump(from: client, to: server)
            requestsDone.signal()
        }.start()
        pump(from: server, to: client)
        requestsDone.wait()
        release(server)
        release(client)
    }

    /// Copies what arrives on `source` to `destination` until `source` ends, then ends the
    /// writing side of `destination`.
    private func pump(from source: Int32, to destination: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        copying: while true {
            let count = recv(source, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let sent = chunk.withUnsafeBytes {
                    send(destination, $0.baseAddress?.advanced(by: offset), count - offset, noSigPipe)
                }
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { break copying }
                offset += sent
            }
        }
        shutdown(destination, Int32(SHUT_WR))
    }

    private func release(_ fd: Int32) {
        state.withLock { _ = $0.open.remove(fd) }
        close(fd)
    }

    private static func openSocket() -> Int32 {
        #if os(Linux)
            socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Darwin takes `SO_NOSIGPIPE` per socket; Linux takes `MSG_NOSIGNAL` per `send`.
    private static func disableSigPipe(_ fd: Int32) {
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

#if os(Linux)
    private let noSigPipe = Int32(MSG_NOSIGNAL)
#else
    private let noSigPipe: Int32 = 0
#endif
