#if os(Linux)
    import CHTTPKitEpoll
    import Glibc

    /// Linux's `epoll(7)`, edge-triggered, woken through an `eventfd`.
    final class EpollBackend: ReadinessBackend {
        private let epollFD: Int32
        private let wakeFD: Int32
        nonisolated(unsafe) private var buffer = [epoll_event](repeating: epoll_event(), count: 256)

        var needsInterests: Bool { false }

        init() throws(ServerError) {
            epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epollFD >= 0 else { throw .systemCall("epoll_create1", reason: lastErrorReason()) }
            wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            guard wakeFD >= 0 else { throw .systemCall("eventfd", reason: lastErrorReason()) }
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = wakeFD
            guard epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
                throw .systemCall("epoll_ctl", reason: lastErrorReason())
            }
        }

        func add(_ fd: Int32) throws(ServerError) {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
            event.data.fd = fd
            guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
                throw .systemCall("epoll_ctl", reason: lastErrorReason())
            }
        }

        func remove(_ fd: Int32) {
            var event = epoll_event()
            _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, &event)
        }

        func wakeUp() {
            var one: UInt64 = 1
            _ = Posix.writeBytes(wakeFD, &one, MemoryLayout<UInt64>.size)
        }

        func wait(
            timeoutMilliseconds: Int32, interests: [ReadinessInterest], into events: inout [ReadinessEvent]
        ) {
            let count = epoll_wait(epollFD, &buffer, Int32(buffer.count), timeoutMilliseconds)
            for event in buffer.prefix(max(0, Int(count))) {
                let fd = event.data.fd
                if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = Posix.readBytes(wakeFD, &value, MemoryLayout<UInt64>.size)
                    continue
                }
                let failed = event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                events.append(
                    ReadinessEvent(
                        fd: fd,
                        readable: failed || event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0,
                        writable: failed || event.events & EPOLLOUT.rawValue != 0))
            }
        }
    }
#endif
