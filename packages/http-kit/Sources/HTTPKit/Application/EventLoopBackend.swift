import Foundation

/// The readiness mechanism of the server's event loop.
///
/// Each platform has its own (epoll on Linux, kqueue on Darwin); `poll(2)` works on every POSIX
/// system and is exercised on Linux too, so the code a Mac would fall back on is tested. The
/// `HTTPKIT_EVENT_LOOP` environment variable chooses one for a whole process (`poll` runs every
/// test suite on it); ``ServerConfiguration/eventLoop`` chooses one for a server.
public enum EventLoopBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Linux's `epoll(7)`, edge-triggered.
    case epoll
    /// Darwin's and the BSDs' `kqueue(2)`, edge-triggered (`EV_CLEAR`).
    case kqueue
    /// POSIX `poll(2)`, level-triggered over the sockets that have a waiting task.
    case poll

    /// The environment variable that chooses the back end of a process.
    public static let environmentVariable = "HTTPKIT_EVENT_LOOP"

    /// The back ends this platform has, its own first.
    public static var available: [EventLoopBackend] {
        #if os(Linux)
            [.epoll, .poll]
        #elseif canImport(Darwin)
            [.kqueue, .poll]
        #else
            [.poll]
        #endif
    }

    /// This platform's own back end.
    public static var platformDefault: EventLoopBackend { available[0] }

    /// The back end `HTTPKIT_EVENT_LOOP` names, else the platform's own.
    ///
    /// - Throws: ``EventLoopBackendError`` when the variable names none this platform has.
    public static func selected(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EventLoopBackendError) -> EventLoopBackend {
        guard let name = environment[environmentVariable], !name.isEmpty else { return platformDefault }
        guard let backend = EventLoopBackend(rawValue: name.lowercased()), available.contains(backend) else {
            throw EventLoopBackendError(name: name)
        }
        return backend
    }

    public var description: String { rawValue }
}

/// `HTTPKIT_EVENT_LOOP` names a back end this platform does not have.
public struct EventLoopBackendError: Error, CustomStringConvertible, Equatable {
    /// What the variable said.
    public var name: String

    /// The error for a variable that said `name`.
    public init(name: String) {
        self.name = name
    }

    public var description: String {
        let choices = EventLoopBackend.available.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return
            "\(EventLoopBackend.environmentVariable)='\(name)' names no event loop of this platform; use one of \(choices), or unset it"
    }
}
