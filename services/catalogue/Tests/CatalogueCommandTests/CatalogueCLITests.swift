import CatalogueCommand
import Foundation
import Synchronization
import Testing

/// Runs the command line in-process and keeps what it prints.
final class CapturedIO: Sendable {
    let output = Mutex("")
    let errors = Mutex("")

    func io(environment: [String: String] = [:]) -> CommandIO {
        CommandIO(
            output: { text in self.output.withLock { $0 += text } },
            errors: { text in self.errors.withLock { $0 += text } }, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory)
    }

    var printed: String { output.withLock { $0 } }
    var diagnostics: String { errors.withLock { $0 } }
}

@Suite struct CatalogueCLITests {
    @Test func helpOnEveryCommand() async {
        for arguments in [["--help"], ["help"], ["-h"]] {
            let captured = CapturedIO()
            #expect(await CatalogueCLI.run(arguments, io: captured.io()) == 0)
            #expect(captured.printed.contains("usage: catalogue <subcommand>"))
            #expect(captured.diagnostics.isEmpty)
        }
        let captured = CapturedIO()
        #expect(await CatalogueCLI.run(["serve", "--help"], io: captured.io()) == 0)
        #expect(captured.printed.contains("usage: catalogue serve"))
        for option in ["--port", "--host", "--es", "--data", "--index-prefix", "--log-level"] {
            #expect(captured.printed.contains(option), "\(option)")
        }
    }

    @Test func badUsageExits64OnStderr() async {
        let cases: [([String], String)] = [
            ([], "missing subcommand"), (["serv"], "unknown subcommand 'serv'; did you mean 'serve'?"),
            (["serve"], "no search store"), (["serve", "--es"], "option '--es' needs a value"),
            (["serve", "--es", "ftp://x"], "invalid value 'ftp://x' for '--es'"),
            (
                ["serve", "--port", "70000", "--es", "http://127.0.0.1:9200"],
                "invalid value '70000' for '--port'"
            ),
            (
                ["serve", "--es", "http://a:1", "--data", "/tmp"],
                "'--es' and '--data' cannot be used together"
            ),
            (["serve", "--data", "/nonexistent/data"], "an existing data directory"),
            (["serve", "--prot", "1"], "unknown option '--prot'; did you mean '--port'?"),
            (
                ["serve", "--es", "http://a:1", "--log-level", "loud"],
                "invalid value 'loud' for '--log-level'"
            ),
            (["serve", "--es", "http://a:1", "--index-prefix", "Bad Prefix"], "invalid value 'Bad Prefix'"),
        ]
        for (arguments, message) in cases {
            let captured = CapturedIO()
            #expect(await CatalogueCLI.run(arguments, io: captured.io()) == 64, "\(arguments)")
            #expect(captured.diagnostics.hasPrefix("catalogue: error: "), "\(arguments)")
            #expect(captured.diagnostics.contains(message), "\(arguments): \(captured.diagnostics)")
            #expect(captured.printed.isEmpty)
        }
    }

    @Test func optionsParse() throws {
        let directory = FileManager.default.temporaryDirectory
        let options = try ServeOptions(
            arguments: [
                "--port=0", "--host", "127.0.0.1", "--data", directory.path, "--index-prefix", "test-",
                "--log-level", "warning",
            ],
            environment: [:], workingDirectory: directory)
        #expect(options.port == 0)
        #expect(options.indexPrefix == "test-")
        #expect(options.logLevel == .warning)
        #expect(options.store == .dataDirectory(directory.standardizedFileURL))
    }

    @Test func clusterFromTheEnvironment() throws {
        let options = try ServeOptions(
            arguments: [], environment: ["ELASTICSEARCH_URL": "http://127.0.0.1:9200"],
            workingDirectory: FileManager.default.temporaryDirectory)
        #expect(options.store == .cluster(try #require(URL(string: "http://127.0.0.1:9200"))))
        #expect(options.port == 8080)
        let explicit = try ServeOptions(
            arguments: ["--es", "http://127.0.0.1:9201"],
            environment: ["ELASTICSEARCH_URL": "http://127.0.0.1:9200"],
            workingDirectory: FileManager.default.temporaryDirectory)
        #expect(explicit.store == .cluster(try #require(URL(string: "http://127.0.0.1:9201"))))
    }
}
