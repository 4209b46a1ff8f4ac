import CLIKitTesting
import HTTPKit
import HTTPKitServer

/// The `http-kit-starved-server` fixture running in its own process: a server whose accepts
/// fail with `EMFILE` once a few connections are open.
enum StarvedServerProcess {
    /// Starts the fixture with `headroom` spare descriptors and waits (up to 10 s) for the port
    /// it prints once it serves.
    static func start(headroom: Int) async throws -> (ChildProcess, SocketAddress) {
        let fixture = try ChildProcess(
            BuiltProducts.executable("http-kit-starved-server"), [String(headroom)])
        let port = try await fixture.line(timeout: .seconds(10), description: "with the port") {
            Int($0) != nil
        }
        return (fixture, SocketAddress(host: "127.0.0.1", port: Int(port) ?? 0))
    }
}
