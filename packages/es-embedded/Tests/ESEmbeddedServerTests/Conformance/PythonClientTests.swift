import CLIKitTesting
import Foundation
import Testing

/// The official Python clients (elasticsearch-py 8.x and 9.x, opensearch-py 3.2) against
/// `es-embedded serve`: `Conformance/run-python-clients` installs them from PyPI into
/// `.build/conformance` at the pinned versions and runs their tests against the server started here.
@Suite(.enabled(if: PythonVirtualEnvironment.available, "python3 -m venv is unavailable on this machine"))
struct PythonClientTests {
    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(
            path: "Conformance/run-python-clients")

    @Test func officialClientsPassAgainstTheServer() async throws {
        // Creating the virtual environments (a download, only when the pins change) is not
        // part of the run's time budget.
        let setup = try await ChildProcess.run(Self.script, ["--setup-only"], timeout: .seconds(600))
        try #require(setup.termination == .exited(0), "\(setup.output)\(setup.errors)")

        let (server, url) = try await ServeFixture.start(["--host", "127.0.0.1"])
        defer { server.signal(SIGKILL) }
        // A bound for a hung run, not a speed check: two Python processes beside a loaded build.
        // The security run's node (--auth Conformance/security-users.txt) the script starts itself.
        let run = try await ChildProcess.run(
            Self.script,
            ["--url", url.absoluteString, "--es-embedded", BuiltProducts.executable("es-embedded").path],
            timeout: .seconds(300))
        let report = run.output + run.errors
        #expect(run.termination == .exited(0), "\(report)")
        // elasticsearch-py 8: 29 tests, opensearch-py: 2, security on: 4.
        #expect(report.contains("Ran 35 tests"), "\(report)")
    }
}
