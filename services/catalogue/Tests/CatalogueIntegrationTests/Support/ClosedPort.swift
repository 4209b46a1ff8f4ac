import HTTPKit
import HTTPKitTesting

/// A loopback port nothing listens on: bound by a live server, then closed.
func closedPort() async throws -> Int {
    let application = Application(router: Router())
    return try await application.withLiveServer { server in server.address.port }
}
