import HTTPKit

/// What one `accept` call on a listening socket gave.
package enum AcceptOutcome: Sendable {
    /// A connection (non-blocking, with `TCP_NODELAY`) and its peer.
    case accepted(SocketDescriptor, SocketAddress?)
    /// No connection is pending: wait until the listener is readable.
    case noneWaiting
    /// The process or the system is out of descriptors or buffer memory (`EMFILE`, `ENFILE`,
    /// `ENOBUFS`, `ENOMEM`). The connection stays queued, and the listener stays readable, so
    /// retrying at once would spin: wait a little before the next call.
    case outOfResources(reason: String)
}
