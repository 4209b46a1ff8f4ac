#if canImport(Glibc) || canImport(Musl)
    #if canImport(Glibc)
        import Glibc
    #else
        import Musl
    #endif
    import CHTTPKitEpoll

    /// What Linux spells its own way.
    extension Posix {
        /// `SOCK_STREAM` for `socket(2)` and address hints.
        static let streamSocketType = Int32(SOCK_STREAM.rawValue)

        /// A non-blocking, close-on-exec TCP socket (in one call, as Linux allows).
        static func openStreamSocket(family: Int32) -> Int32 {
            socket(family, streamSocketType | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }

        /// Accepts a connection as a non-blocking, close-on-exec socket in one call: a child
        /// process spawned by another thread between `accept` and `fcntl` would otherwise keep a
        /// copy of the connection (which then never closes while that child lives).
        static func acceptOn(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: inout socklen_t
        )
            -> Int32
        {
            httpkit_accept4(
                fd, address, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        }

        /// Flags for `send(2)`: no `SIGPIPE` when the peer has gone (Linux asks per call).
        static let sendFlags = Int32(MSG_NOSIGNAL)

        /// Nothing to set per socket: ``sendFlags`` keeps `SIGPIPE` away.
        static func disableSigPipe(_ fd: Int32) {}

        /// `accept(2)` errors that concern only the pending connection, to skip (Linux's list,
        /// from its manual page, ENONET included).
        static let transientAcceptErrors: Set<Int32> = [
            EINTR, ECONNABORTED, EPROTO, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETDOWN,
            ENETUNREACH,
        ]

        /// `SHUT_WR` for `shutdown(2)`.
        static let shutWrite = Int32(SHUT_WR)
    }
#endif
