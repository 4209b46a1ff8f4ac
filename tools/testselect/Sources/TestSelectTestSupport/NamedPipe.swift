import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe (FIFO) a test holds open for reading, so that it waits on a child process's events
/// instead of polling a file: the child writes a line when something happens, and the end of the
/// pipe (every writer gone) says the child and everything it started have exited.
///
/// A child can also *hold on* to it: open it for writing and wait until the reader goes away
/// (`poll` reports `POLLERR`), which makes a test that hangs until the watching test lets go.
///
/// ```swift
/// let pipe = try NamedPipe(path: directory + "/events")
/// // start a child that runs `echo started > EVENTS`
/// #expect(pipe.readLine(within: .seconds(60)) == "started")
/// ```
public final class NamedPipe: @unchecked Sendable {
    /// Errors making or opening the pipe.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with `strerror`'s reason.
        public var description: String
    }

    /// Where the pipe is.
    public let path: String
    private let lock = NSLock()
    private var descriptor: Int32
    private var pending: [UInt8] = []

    /// Makes a pipe at `path` and opens it for reading (without waiting for a writer).
    public init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else {
            throw Failure(description: "cannot make the pipe '\(path)': \(String(cString: strerror(errno)))")
        }
        // Non-blocking so that opening does not wait for a writer; reads wait in `poll`, which on a
        // pipe that never had a writer waits for one instead of reporting its end.
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot open the pipe '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// Closes the reading end (a child holding the pipe then sees `POLLERR` and stops waiting).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    /// The next line written, waiting up to `bound` for it; nil when none came in time or every
    /// writer closed the pipe first.
    public func readLine(within bound: Duration) -> String? {
        let deadline = ContinuousClock.now + bound
        while true {
            if let newline = lock.withLock({ pending.firstIndex(of: UInt8(ascii: "\n")) }) {
                return lock.withLock {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeFirst(newline + 1)
                    return line
                }
            }
            guard case .data = read(until: deadline) else { return nil }
        }
    }

    /// Waits up to `bound` until every writer has closed the pipe (after at least one opened it);
    /// whether that happened in time. What they wrote meanwhile is kept for `readLine`.
    public func waitForEnd(within bound: Duration) -> Bool {
        let deadline = ContinuousClock.now + bound
        while true {
            switch read(until: deadline) {
            case .data: continue
            case .end: return true
            case .timedOut: return false
            }
        }
    }

    private enum ReadResult { case data, end, timedOut }

    private func read(until deadline: ContinuousClock.Instant) -> ReadResult {
        let fd = lock.withLock { descriptor }
        guard fd >= 0 else { return .end }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                    + 1)
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? .timedOut : .end }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                lock.withLock { pending += buffer[..<count] }
                return .data
            }
            if count == 0 { return .end }
            if errno == EAGAIN || errno == EINTR { continue }
            return .end
        }
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
