/// A notification received on a channel the connection listens to (`NOTIFY channel, 'payload'`).
public struct PostgresNotification: Sendable, Equatable {
    /// The channel.
    public var channel: String
    /// The payload (empty when none was sent).
    public var payload: String
    /// The process id of the server session that sent it.
    public var senderProcessID: Int32

    /// Creates a notification.
    public init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}
