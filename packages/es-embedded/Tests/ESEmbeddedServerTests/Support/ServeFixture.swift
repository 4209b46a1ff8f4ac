import CLIKitTesting
import Foundation
import Testing

/// `es-embedded serve` built next to the tests, started on a free port.
enum ServeFixture {
    /// Starts `es-embedded serve --port 0 <arguments>` and returns it once it prints its URL.
    static func start(_ arguments: [String]) async throws -> (ChildProcess, URL) {
        let server = try ChildProcess(
            BuiltProducts.executable("es-embedded"), ["serve", "--port", "0"] + arguments)
        let line = try await server.line(containing: "es-embedded listening on ", timeout: .seconds(30))
        let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
        return (server, url)
    }
}
