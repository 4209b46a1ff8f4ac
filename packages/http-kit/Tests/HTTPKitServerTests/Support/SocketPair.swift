import HTTPKitServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Connected non-blocking Unix socket pairs for the event loop's tests.
enum SocketPair {
    static func make() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #if os(Linux)
            let type = Int32(SOCK_STREAM.rawValue)
        #else
            let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw ServerError.connectionClosed }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return (fds[0], fds[1])
    }

    static func send(_ text: String, to fd: Int32) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, text.utf8.count) }
    }

    static func close(_ fd: Int32) {
        _ = closeDescriptor(fd)
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
