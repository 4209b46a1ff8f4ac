/// How a test body reaches the application (HTTPKitServerTesting's `Application.test(_:_:)`).
public enum TestingMode: Sendable, CaseIterable {
    /// Requests go straight to the application's responder: no sockets, no threads, the same
    /// context, error rendering and response finalization as the server.
    case router
    /// The application serves on a free port of 127.0.0.1 and requests travel over real
    /// HTTP/1.1 connections (kept alive between requests).
    case live
}
