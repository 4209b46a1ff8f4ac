import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store that accepts connections on a loopback port, reads a request, sends the start of an
/// answer (a head promising 1,000 bytes, then 10 of them) and closes the connection: a store
/// that dies mid-response. Counts the connections it took.
final class ClosingStore: Sendable {
    let port: Int
    private let listener: Int32
    private let accepted = Mutex(0)

    init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The connections accepted so far.
    var connections: Int { accepted.withLock { $0 } }

    /// Stops accepting (the serving thread ends when `accept` fails).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            accepted.withLock { $0 += 1 }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            _ = read(connection, &buffer, buffer.count)
            let partial = Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"took\":1,"
                    .utf8)
            _ = write(connection, partial, partial.count)
            close(connection)
        }
    }
}
