import CLIKit
import CLIKitTesting
import ESModels
import Foundation
import HTTPKit
import HTTPKitServerTesting
import Testing

@testable import ESEmbeddedCommand

@Suite struct CommandTests {
    func serve(_ words: [String]) throws -> ServeCommand {
        try ServeCommand.parse(words, command: "es-embedded serve")
    }

    @Test func parsesServeOptions() throws {
        let options = try serve(["--data", "/tmp/x", "--port=9201", "--host", "127.0.0.2", "--log-requests"])
        #expect(options.dataDirectory == "/tmp/x")
        #expect(options.port == 9201)
        #expect(options.host == "127.0.0.2")
        #expect(options.logRequests)
        let defaults = try serve([])
        #expect(defaults.port == 9200)
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.dataDirectory == nil)
    }

    @Test func refusesBadOptions() {
        #expect(
            throws: UsageError.unknownOption("--prot", command: "es-embedded serve", suggestion: "--port")
        ) {
            try serve(["--prot", "1"])
        }
        #expect(throws: UsageError.missingValue("--data", next: nil)) { try serve(["--data"]) }
        #expect(
            throws: UsageError.invalidValue(
                option: "--port", value: "99999", expected: "an integer from 0 to 65535")
        ) { try serve(["--port", "99999"]) }
        #expect(throws: UsageError.invalidValue(option: "--data", value: "", expected: "a directory path")) {
            try serve(["--data="])
        }
    }

    /// The binary: help on stdout with status 0, usage errors on stderr with status 64.
    @Test func binaryReportsHelpAndUsageErrors() async throws {
        let tool = try BuiltProducts.executable("es-embedded")
        let help = try await ChildProcess.run(tool, ["--help"])
        #expect(help.termination == .exited(0))
        #expect(help.output.contains("USAGE: es-embedded <subcommand>"))
        let serveHelp = try await ChildProcess.run(tool, ["serve", "--help"])
        #expect(serveHelp.termination == .exited(0))
        #expect(serveHelp.output.contains("--data <dir>"))
        let bad = try await ChildProcess.run(tool, ["serve", "--prot", "1"])
        #expect(bad.termination == .exited(64))
        #expect(
            bad.errors
                == "es-embedded: error: unknown option '--prot' for 'es-embedded serve'; did you mean '--port'?; see 'es-embedded serve --help'\n"
        )
        #expect(bad.output.isEmpty)
        let start = try await ChildProcess.run(tool, ["start"])
        #expect(start.termination == .exited(64))
        #expect(start.errors.contains("unknown subcommand 'start' for 'es-embedded'"))
    }

    /// A data directory that cannot be created is a failure (status 1), reported on stderr.
    @Test func binaryFailsOnUnusableDataDirectory() async throws {
        let result = try await ChildProcess.run(
            BuiltProducts.executable("es-embedded"),
            ["serve", "--data", "/proc/es-embedded-cannot-exist", "--port", "0"])
        #expect(result.termination == .exited(1))
        #expect(result.errors.contains("cannot use data directory '/proc/es-embedded-cannot-exist'"))
    }

    /// A malformed auth file stops `serve` before it listens (status 64), naming the line; a
    /// good one is said at start, as is serving without one.
    @Test func authFilesAreCheckedBeforeListening() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("auth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("role r read logs-*\nuser a b r,missing\n".utf8).write(to: file)
        let bad = try await ChildProcess.run(
            BuiltProducts.executable("es-embedded"), ["serve", "--auth", file.path, "--port", "0"])
        #expect(bad.termination == .exited(64))
        #expect(
            bad.errors.contains(
                "--auth \(file.path): line 2: user 'a' has role 'missing', which is not defined (define it with a 'role' line)"
            ), "\(bad.errors)")
        #expect(!bad.output.contains("listening"))

        try Data("user elastic changeme superuser\n".utf8).write(to: file)
        let (secured, securedURL) = try await ServeFixture.start(["--auth", file.path])
        defer { secured.signal(SIGKILL) }
        #expect(try await Self.status(of: securedURL) == 401)
        secured.signal(SIGTERM)
        #expect(try await secured.exit(timeout: .seconds(20)) == .exited(0))
        #expect(secured.errors.contains("security is on"))

        let (open, _) = try await ServeFixture.start([])
        defer { open.signal(SIGKILL) }
        open.signal(SIGTERM)
        #expect(try await open.exit(timeout: .seconds(20)) == .exited(0))
        #expect(open.errors.contains("security is off"))
    }

    /// The status of `GET /` on the server at `url`, over a plain connection (no client that
    /// might answer an authentication challenge itself).
    private static func status(of url: URL) async throws -> Int {
        let connection = try await RawConnection.connect(
            to: SocketAddress(host: url.host ?? "127.0.0.1", port: url.port ?? 9200), timeout: .seconds(20))
        try await connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try await connection.readResponse()
        await connection.close()
        return response.status.code
    }

    /// SIGTERM stops the server gracefully: status 0 and a final snapshot.
    @Test func serverStopsGracefullyWithASnapshot() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (server, url) = try await ServeFixture.start(["--data", directory.path])
        let client = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(baseURL: url, retry: .none))
        let response = try await client.index("things", id: "1", document: ["name": "one"], refresh: .none)
        #expect(response.result == .created)
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(20)) == .exited(0))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.esj").path))
    }

    /// The shared command-line behaviour cases hold for every command of the package.
    @Test func everyCommandFollowsTheSharedConventions() async throws {
        let tool = try BuiltProducts.executable("es-embedded")
        let subjects = [
            CLIBehaviourSubject(executable: tool, subcommand: "serve"),
            CLIBehaviourSubject(executable: tool, words: ["serve"], option: "--port"),
            CLIBehaviourSubject(executable: tool, words: ["check"], option: "--data"),
            CLIBehaviourSubject(executable: tool, words: ["repair"], option: "--index"),
            CLIBehaviourSubject(
                executable: try BuiltProducts.executable("es-embedded-bench"), option: "--documents"),
        ]
        for subject in subjects {
            for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
        }
    }
}
