/// A connection that can be woken by the database when a change commits (PostgreSQL's
/// `LISTEN`/`NOTIFY`); SQLite has no such thing and is polled.
public protocol ChangeNotifying: AnyObject {
    /// Starts listening on `channel`.
    func listen(_ channel: String) throws
    /// Waits up to `timeout` for a notification; whether one came (notifications that arrived
    /// while the connection ran statements count too).
    func waitForNotification(timeout: Duration) throws -> Bool
}
