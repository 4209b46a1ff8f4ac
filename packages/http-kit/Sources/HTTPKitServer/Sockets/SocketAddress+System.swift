import HTTPKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SocketAddress {
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
