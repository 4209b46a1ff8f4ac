import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting

/// An HTTP search backend aimed at a loopback port nothing listens on (bound by a live server,
/// then closed), trying once: every request fails with a transport error.
func unreachableBackend() async throws -> HTTPSearchBackend {
    let application = Application(router: Router())
    let closed = try await application.withLiveServer { server in server.address.port }
    guard let url = URL(string: "http://127.0.0.1:\(closed)") else { throw URLError(.badURL) }
    return HTTPSearchBackend(
        configuration: HTTPSearchBackendConfiguration(
            baseURL: url, requestTimeout: .seconds(2), retry: RetryPolicy(maxAttempts: 1)))
}
