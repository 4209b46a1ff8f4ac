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
}
