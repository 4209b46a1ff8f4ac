#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// POSIX `poll(2)`: portable, level-triggered. Each wait polls only the sockets that have a
/// waiting task (the loop passes them, and wakes the wait when a task starts waiting), so a
/// socket that stays writable is not reported again and again. Woken through a pipe.
final class PollBackend: ReadinessBackend {
    private let wakeRead: Int32
    private let wakeWrite: Int32
    nonisolated(unsafe) private var descriptors: [pollfd] = []

    var needsInterests: Bool { true }

    init() throws(ServerError) {
        guard let ends = Posix.makePipe(nonBlockingReadEnd: true) else {
            throw .systemCall("pipe", reason: lastErrorReason())
        }
        wakeRead = ends.read
        wakeWrite = ends.write
    }

    func add(_ fd: Int32) throws(ServerError) {}

    func remove(_ fd: Int32) {}

    func wakeUp() {
        var byte: UInt8 = 1
        _ = Posix.writeBytes(wakeWrite, &byte, 1)
    }

    func wait(timeoutMilliseconds: Int32, interests: [ReadinessInterest], into events: inout [ReadinessEvent])
    {
        descriptors.removeAll(keepingCapacity: true)
        descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        for interest in interests {
            let wanted = (interest.read ? Int16(POLLIN) : 0) | (interest.write ? Int16(POLLOUT) : 0)
            descriptors.append(pollfd(fd: interest.fd, events: wanted, revents: 0))
        }
        let count = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard count > 0 else { return }
        if descriptors[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            while Posix.readBytes(wakeRead, &drained, drained.count) > 0 {}
        }
        for descriptor in descriptors.dropFirst() where descriptor.revents != 0 {
            let failed = descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            events.append(
                ReadinessEvent(
                    fd: descriptor.fd, readable: failed || descriptor.revents & Int16(POLLIN) != 0,
                    writable: failed || descriptor.revents & Int16(POLLOUT) != 0))
        }
    }
}
