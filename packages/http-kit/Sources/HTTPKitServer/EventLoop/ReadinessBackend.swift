import HTTPKit

/// One readiness report from a back end.
struct ReadinessEvent {
    var fd: Int32
    /// Readable, at end of stream, or failed.
    var readable: Bool
    /// Writable, or failed.
    var writable: Bool
}

/// The sockets that have a waiting task, for back ends that must be told (``ReadinessBackend/needsInterests``).
struct ReadinessInterest {
    var fd: Int32
    var read: Bool
    var write: Bool
}

/// The operating system's readiness mechanism under an ``EventLoop``: the loop keeps the
/// waiters and deadlines, the back end only reports which sockets may be ready.
///
/// Calls other than ``wakeUp()`` come from the loop's thread or under its lock, never at once.
protocol ReadinessBackend: Sendable {
    /// Whether it must be given the sockets with a waiting task before each wait (a
    /// level-triggered back end, which would otherwise report ready sockets again and again).
    /// Edge-triggered back ends report each change once and need no list.
    var needsInterests: Bool { get }
    /// Starts watching `fd` for reading and writing.
    func add(_ fd: Int32) throws(ServerError)
    /// Stops watching `fd` (before it is closed).
    func remove(_ fd: Int32)
    /// Makes a blocked ``wait(timeoutMilliseconds:interests:into:)`` return soon; from any thread.
    func wakeUp()
    /// Blocks until a socket may be ready, ``wakeUp()`` is called, or `timeoutMilliseconds`
    /// pass (-1: no timeout); appends what it learned to `events`.
    func wait(timeoutMilliseconds: Int32, interests: [ReadinessInterest], into events: inout [ReadinessEvent])
}

extension EventLoopBackend {
    /// A new instance of this back end.
    ///
    /// - Throws: ``ServerError`` when the system refuses it, or when this platform lacks it.
    func makeReadinessBackend() throws(ServerError) -> any ReadinessBackend {
        switch self {
        case .epoll:
            #if os(Linux)
                return try EpollBackend()
            #else
                throw .eventLoopUnavailable(
                    "the 'epoll' event loop is Linux's; use \(EventLoopBackend.available.map { "'\($0)'" }.joined(separator: " or "))"
                )
            #endif
        case .kqueue:
            #if canImport(Darwin)
                return try KqueueBackend()
            #else
                throw .eventLoopUnavailable(
                    "the 'kqueue' event loop is Darwin's; use \(EventLoopBackend.available.map { "'\($0)'" }.joined(separator: " or "))"
                )
            #endif
        case .poll:
            return try PollBackend()
        }
    }
}
