import Glibc

/// A numeric IP address and TCP port, such as `127.0.0.1:8080` or `[::1]:8080`.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host (IPv4 dotted quad or IPv6 without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `host:port`, with brackets around IPv6 hosts.
    public var description: String {
        host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The base URL of an HTTP server at this address, such as `http://127.0.0.1:8080`.
    public var httpURL: String { "http://\(self)" }

    /// Reads a numeric address from a socket address structure.
    init?(_ storage: sockaddr_storage, length: socklen_t) {
        var storage = storage
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getnameinfo(
                    address, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                    NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0,
            let port = Int(String(decoding: service.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        else { return nil }
        self.init(host: String(decoding: host.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self), port: port)
    }
}
