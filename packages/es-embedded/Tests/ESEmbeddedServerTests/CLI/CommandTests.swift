import ESModels
import Foundation
import Glibc
import Testing

@testable import ESEmbeddedServer

@Suite struct CommandTests {
    @Test func parsesServeOptions() throws {
        let options = try ServeOptions(arguments: [
            "--data", "/tmp/x", "--port=9201", "--host", "127.0.0.2", "--log-requests",
        ])
        #expect(options.dataDirectory == "/tmp/x")
        #expect(options.port == 9201)
        #expect(options.host == "127.0.0.2")
        #expect(options.logRequests)
        let defaults = try ServeOptions(arguments: [])
        #expect(defaults.port == 9200)
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.dataDirectory == nil)
    }

    @Test func refusesBadOptions() {
        #expect(throws: CommandLineError.unknownOption("--prot", suggestion: "--port")) {
            try ServeOptions(arguments: ["--prot", "1"])
        }
        #expect(throws: CommandLineError.missingValue("--data")) { try ServeOptions(arguments: ["--data"]) }
        #expect(
            throws: CommandLineError.invalidValue(
                option: "--port", value: "99999", expected: "a port number from 0 to 65535")
        ) { try ServeOptions(arguments: ["--port", "99999"]) }
        #expect(CommandLineError.unknownSubcommand("start").description.contains("'serve'"))
    }

    /// The binary: help on stdout with status 0, usage errors on stderr with status 64.
    @Test func binaryReportsHelpAndUsageErrors() throws {
        let help = try ServerProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: es-embedded <subcommand>"))
        let serveHelp = try ServerProcess.run(["serve", "--help"])
        #expect(serveHelp.status == 0)
        #expect(serveHelp.output.contains("--data <dir>"))
        let bad = try ServerProcess.run(["serve", "--prot", "1"])
        #expect(bad.status == 64)
        #expect(bad.errors == "es-embedded: error: unknown option '--prot'; did you mean '--port'?\n")
        #expect(bad.output.isEmpty)
        let none = try ServerProcess.run([])
        #expect(none.status == 64)
    }

    /// A data directory that cannot be created is a failure (status 1), reported on stderr.
    @Test func binaryFailsOnUnusableDataDirectory() throws {
        let result = try ServerProcess.run([
            "serve", "--data", "/proc/es-embedded-cannot-exist", "--port", "0",
        ])
        #expect(result.status == 1)
        #expect(result.errors.contains("cannot use data directory '/proc/es-embedded-cannot-exist'"))
    }

    /// SIGTERM stops the server gracefully: status 0 and a final snapshot.
    @Test func serverStopsGracefullyWithASnapshot() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--data", directory.path])
        let url = try #require(server.url)
        let client = HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(baseURL: url, retry: .none))
        let response = try await client.index("things", id: "1", document: ["name": "one"], refresh: .none)
        #expect(response.result == .created)
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.esj").path))
    }
}
