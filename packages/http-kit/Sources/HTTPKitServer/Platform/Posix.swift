#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls the server makes, under names no type of ours shadows (inside a type with a
/// `close()` or `write(_:)` method, the C function cannot be called unqualified). What differs
/// between systems is in `Posix+Linux.swift` and `Posix+Darwin.swift`.
enum Posix {
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    static func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        read(fd, buffer, count)
    }

    static func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        write(fd, buffer, count)
    }

    static func listenOn(_ fd: Int32, backlog: Int32) -> Int32 {
        listen(fd, backlog)
    }

    static func connectTo(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        connect(fd, address, length)
    }

    /// A pipe whose ends are close-on-exec and non-blocking (both, or only the write end).
    static func makePipe(nonBlockingReadEnd: Bool) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        for end in nonBlockingReadEnd ? ends : [ends[1]] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// Makes `fd` non-blocking and close-on-exec.
    static func configureNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// The current `errno`.
    static var lastError: Int32 { errno }

    /// `strerror` in lower case.
    static func reason(_ error: Int32) -> String {
        String(cString: strerror(error)).lowercased()
    }
}

/// The current `errno` as a lower-case reason.
func lastErrorReason() -> String {
    Posix.reason(errno)
}
