#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for a socket with a deadline, so that no call on a connection can block past it.
enum SocketWait {
    /// What to wait for.
    enum Readiness {
        case readable
        case writable
        case either
    }

    /// Waits until `socket` is ready or `deadline` passes (`nil`: no deadline).
    ///
    /// - Returns: `false` when the deadline passed first.
    static func wait(
        _ socket: Int32, for readiness: Readiness, until deadline: ContinuousClock.Instant?
    ) -> Bool {
        var events: Int16
        switch readiness {
        case .readable: events = Int16(POLLIN)
        case .writable: events = Int16(POLLOUT)
        case .either: events = Int16(POLLIN) | Int16(POLLOUT)
        }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else { return false }
                let millis =
                    remaining.components.seconds * 1000 + remaining.components.attoseconds
                    / 1_000_000_000_000_000
                timeout = Int32(clamping: max(1, millis))
            }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR && errno != EAGAIN {
                // A bad descriptor: let libpq's next call report the broken connection.
                return true
            }
        }
    }
}
