import CLIKit
import Catalogue
import CatalogueCommand
import Foundation
import Testing

/// Runs the command line in-process and keeps what it prints.
struct CapturedIO {
    let output = TextOutput()
    let errors = TextOutput()

    func io(environment: [String: String] = [:]) -> CommandIO {
        CommandIO(
            output: output, errors: errors, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory,
            clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
    }

    var printed: String { output.text }
    var diagnostics: String { errors.text }
}

@Suite struct CatalogueCLITests {
    @Test func helpOnEveryCommand() async {
        for arguments in [["--help"], ["help"], ["-h"]] {
            let captured = CapturedIO()
            #expect(await CatalogueCLI.run(arguments, io: captured.io()) == 0)
            #expect(captured.printed.hasPrefix("OVERVIEW: The Catalogue API"))
            #expect(captured.printed.contains("USAGE: catalogue <subcommand>"))
            #expect(captured.diagnostics.isEmpty)
        }
        let captured = CapturedIO()
        #expect(await CatalogueCLI.run(["serve", "--help"], io: captured.io()) == 0)
        #expect(captured.printed.contains("USAGE: catalogue serve"))
        #expect(captured.printed.contains("0 picks a free port, printed on stdout"))
        for option in ["--port", "--host", "--es", "--data", "--index-prefix", "--log-level"] {
            #expect(captured.printed.contains(option), "\(option)")
        }
    }

    @Test func badUsageExits64OnStderr() async {
        let cases: [([String], String)] = [
            ([], "'catalogue' needs a subcommand"),
            (["serv"], "unknown subcommand 'serv' for 'catalogue'; did you mean 'serve'?"),
            (
                ["serve"],
                "'catalogue serve' needs '--es' or '--data' (or ELASTICSEARCH_URL in the environment)"
            ), (["serve", "--es"], "option '--es' needs a value"),
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
            (
                ["serve", "--prot", "1"],
                "unknown option '--prot' for 'catalogue serve'; did you mean '--port'?"
            ),
            (
                ["serve", "--es", "http://a:1", "--log-level", "loud"],
                "invalid value 'loud' for '--log-level'"
            ),
            (["serve", "--es", "http://a:1", "--index-prefix", "Bad Prefix"], "invalid value 'Bad Prefix'"),
            (
                ["serve", "--es", "http://a:1", "--request-timeout", "0"],
                "invalid value '0' for '--request-timeout'"
            ),
            (
                ["serve", "--es", "http://a:1", "--log-format", "xml"],
                "invalid value 'xml' for '--log-format'"
            ),
            (["serve", "--es", "http://a:1"], "CATALOGUE_CURSOR_KEY is not set: set it to a secret"),
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
                "--log-level", "warning", "--request-timeout", "0.5", "--log-format", "json", "--dev",
            ],
            environment: [:], workingDirectory: directory)
        #expect(options.requestTimeout == 0.5)
        #expect(options.logFormat == "json")
        #expect(options.port == 0)
        #expect(options.indexPrefix == "test-")
        #expect(options.logLevel == .warning)
        #expect(options.store == .dataDirectory(directory.standardizedFileURL))
        #expect(!options.preview)
        let preview = try ServeOptions(
            arguments: ["--data", directory.path, "--dev", "--preview"], environment: [:],
            workingDirectory: directory)
        #expect(preview.preview)
    }

    @Test func clusterFromTheEnvironment() throws {
        let options = try ServeOptions(
            arguments: ["--dev"], environment: ["ELASTICSEARCH_URL": "http://127.0.0.1:9200"],
            workingDirectory: FileManager.default.temporaryDirectory)
        #expect(options.store == .cluster(try #require(URL(string: "http://127.0.0.1:9200"))))
        #expect(options.port == 8080)
        #expect(options.requestTimeout == 2)
        #expect(options.logFormat == "text")
        let explicit = try ServeOptions(
            arguments: ["--es", "http://127.0.0.1:9201", "--dev"],
            environment: ["ELASTICSEARCH_URL": "http://127.0.0.1:9200"],
            workingDirectory: FileManager.default.temporaryDirectory)
        #expect(explicit.store == .cluster(try #require(URL(string: "http://127.0.0.1:9201"))))
    }

    @Test func theCursorKeyComesFromTheEnvironment() throws {
        let directory = FileManager.default.temporaryDirectory
        let keyed = try ServeOptions(
            arguments: ["--data", directory.path],
            environment: ["CATALOGUE_CURSOR_KEY": "new-0123456789abcdef,old-0123456789abcdef"],
            workingDirectory: directory)
        #expect(
            keyed.cursorKeys
                == CursorKeys(
                    signing: CursorKey("new-0123456789abcdef"), previous: [CursorKey("old-0123456789abcdef")])
        )
        #expect(!keyed.cursorKeyIsRandom)
    }

    /// Without a key, `serve` refuses to start unless it is a development run, which signs with a
    /// random key; a short key is refused without being shown.
    @Test func serveNeedsACursorKeyUnlessDev() throws {
        let directory = FileManager.default.temporaryDirectory
        for environment in [[:], ["CATALOGUE_CURSOR_KEY": ""]] {
            #expect(throws: CursorKeyError.missing) {
                try ServeOptions(
                    arguments: ["--data", directory.path], environment: environment,
                    workingDirectory: directory)
            }
        }
        let development = try ServeOptions(
            arguments: ["--data", directory.path, "--dev"], environment: [:], workingDirectory: directory)
        #expect(development.cursorKeyIsRandom && development.development)
        #expect(throws: CursorKeyError.unusable(CursorKeys.Problem(position: 1, count: 1, length: 6))) {
            try ServeOptions(
                arguments: ["--data", directory.path, "--dev"],
                environment: ["CATALOGUE_CURSOR_KEY": "s3cret"],
                workingDirectory: directory)
        }
        #expect(
            !CursorKeyError.unusable(.init(position: 1, count: 1, length: 6)).description.contains("s3cret"))
    }
}
