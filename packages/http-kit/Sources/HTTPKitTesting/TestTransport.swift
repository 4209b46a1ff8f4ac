import HTTPKit

/// Where a ``TestClient``'s requests go: straight to an application (``RouterTransport``), or
/// over a real connection (HTTPKitServerTesting's live transport).
package protocol TestTransport: Sendable {
    /// How requests travel.
    var mode: TestingMode { get }
    /// The server's address, when there is one.
    var address: SocketAddress? { get }
    /// Sends one request and returns its response.
    func execute(_ request: Request) async throws -> Response
}

/// Requests handed to the application's responder, in-process.
package struct RouterTransport: TestTransport {
    let application: Application

    package init(application: Application) {
        self.application = application
    }

    package var mode: TestingMode { .router }
    package var address: SocketAddress? { nil }

    package func execute(_ request: Request) async throws -> Response {
        await application.handle(request)
    }
}
