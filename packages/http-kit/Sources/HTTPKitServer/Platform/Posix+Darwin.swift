#if canImport(Darwin)
    import Darwin

    /// What Darwin spells its own way.
    extension Posix {
        /// `SOCK_STREAM` for `socket(2)` and address hints.
        static let streamSocketType = SOCK_STREAM

        /// A non-blocking, close-on-exec TCP socket (Darwin's `socket(2)` takes no such flags).
        static func openStreamSocket(family: Int32) -> Int32 {
            let fd = socket(family, SOCK_STREAM, 0)
            if fd >= 0 {
                configureNonBlocking(fd)
                disableSigPipe(fd)
            }
            return fd
        }

        /// Accepts a connection (made non-blocking and close-on-exec by the caller: Darwin has no
        /// `accept4`).
        static func acceptOn(
            _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: inout socklen_t
        )
            -> Int32
        {
            accept(fd, address, &length)
        }

        /// Flags for `send(2)`: none, ``disableSigPipe(_:)`` is set on every socket instead.
        static let sendFlags: Int32 = 0

        /// No `SIGPIPE` when the peer has gone (Darwin asks per socket).
        static func disableSigPipe(_ fd: Int32) {
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }

        /// `accept(2)` errors that concern only the pending connection, to skip.
        static let transientAcceptErrors: Set<Int32> = [
            EINTR, ECONNABORTED, EPROTO, ENOPROTOOPT, EHOSTDOWN, EHOSTUNREACH, EOPNOTSUPP, ENETDOWN,
            ENETUNREACH,
        ]

        /// `SHUT_WR` for `shutdown(2)`.
        static let shutWrite = SHUT_WR
    }
#endif
