#if canImport(Darwin)
    import Darwin

    /// Darwin's `kqueue(2)`: read and write filters with `EV_CLEAR` (edge-triggered, as the
    /// loop expects), woken through an `EVFILT_USER` event.
    final class KqueueBackend: ReadinessBackend {
        private let queue: Int32
        private static let wakeIdentifier: UInt = 0x4854_5450
        nonisolated(unsafe) private var buffer = [kevent](repeating: kevent(), count: 256)

        var needsInterests: Bool { false }

        init() throws(ServerError) {
            queue = kqueue()
            guard queue >= 0 else { throw .systemCall("kqueue", reason: lastErrorReason()) }
            _ = fcntl(queue, F_SETFD, FD_CLOEXEC)
            var wake = Self.change(
                ident: Self.wakeIdentifier, filter: EVFILT_USER, flags: EV_ADD | EV_CLEAR, fflags: 0)
            guard kevent(queue, &wake, 1, nil, 0, nil) == 0 else {
                throw .systemCall("kevent", reason: lastErrorReason())
            }
        }

        func add(_ fd: Int32) throws(ServerError) {
            var changes = [
                Self.change(ident: UInt(fd), filter: EVFILT_READ, flags: EV_ADD | EV_CLEAR, fflags: 0),
                Self.change(ident: UInt(fd), filter: EVFILT_WRITE, flags: EV_ADD | EV_CLEAR, fflags: 0),
            ]
            guard kevent(queue, &changes, Int32(changes.count), nil, 0, nil) == 0 else {
                throw .systemCall("kevent", reason: lastErrorReason())
            }
        }

        func remove(_ fd: Int32) {
            var changes = [
                Self.change(ident: UInt(fd), filter: EVFILT_READ, flags: EV_DELETE, fflags: 0),
                Self.change(ident: UInt(fd), filter: EVFILT_WRITE, flags: EV_DELETE, fflags: 0),
            ]
            _ = kevent(queue, &changes, Int32(changes.count), nil, 0, nil)
        }

        func wakeUp() {
            var trigger = Self.change(
                ident: Self.wakeIdentifier, filter: EVFILT_USER, flags: 0, fflags: UInt32(NOTE_TRIGGER))
            _ = kevent(queue, &trigger, 1, nil, 0, nil)
        }

        func wait(
            timeoutMilliseconds: Int32, interests: [ReadinessInterest], into events: inout [ReadinessEvent]
        ) {
            var timeout = timespec(
                tv_sec: Int(timeoutMilliseconds / 1000), tv_nsec: Int(timeoutMilliseconds % 1000) * 1_000_000)
            let count =
                timeoutMilliseconds < 0
                ? kevent(queue, nil, 0, &buffer, Int32(buffer.count), nil)
                : kevent(queue, nil, 0, &buffer, Int32(buffer.count), &timeout)
            for event in buffer.prefix(max(0, Int(count))) {
                if event.filter == Int16(EVFILT_USER) { continue }
                let failed = event.flags & UInt16(EV_ERROR) != 0
                let fd = Int32(event.ident)
                events.append(
                    ReadinessEvent(
                        fd: fd, readable: failed || event.filter == Int16(EVFILT_READ),
                        writable: failed || event.filter == Int16(EVFILT_WRITE)))
            }
        }

        private static func change(ident: UInt, filter: Int32, flags: Int32, fflags: UInt32) -> kevent {
            kevent(
                ident: ident, filter: Int16(filter), flags: UInt16(flags), fflags: fflags, data: 0, udata: nil
            )
        }
    }
#endif
