import CLIKit
import Catalogue
import ESEmbedded
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import TimeKit

/// `catalogue serve`: builds the Catalogue API over the chosen search store and serves it until
/// SIGINT or SIGTERM, then shuts down gracefully (and, over a data directory, closes the engine).
struct ServeCommand: Command {
    static let configuration = CommandConfiguration(
        name: "serve", abstract: "Serves the Catalogue API over HTTP until SIGINT or SIGTERM.",
        discussion: """
            Without --es or --data, ELASTICSEARCH_URL names the cluster (with ELASTICSEARCH_USERNAME and
            ELASTICSEARCH_PASSWORD, or ELASTICSEARCH_API_KEY). CATALOGUE_CURSOR_KEY is the secret page
            cursors are signed with, the same on every instance (required unless --dev; to rotate it,
            'new,old' signs with the new key and still accepts the old). Once listening, it prints
            'catalogue listening on URL' on stdout (with --port 0, the way to learn the port); logs go
            to stderr. With --preview, editors open URL/preview to see the home screen as any viewer
            will see it at any moment, and why each row or item is hidden.
            Exit codes: 0 stopped cleanly, 1 failed (cannot bind, cannot open the data directory), 64 bad usage (or no usable CATALOGUE_CURSOR_KEY).
            """)

    @Option(value: "port", in: 0...65_535, help: "The TCP port (0 picks a free port, printed on stdout).")
    var port = 8080
    @Option(value: "address", help: "The address to bind.") var host = "127.0.0.1"
    @Option(
        value: "url", help: "Read from an Elasticsearch/OpenSearch cluster or 'es-embedded serve' at URL.")
    var es: String?
    @Option(
        value: "dir",
        help: "Read from the embedded engine's data directory (as written by 'cms-indexer index --data DIR')."
    )
    var data: String?
    @Option(
        value: "prefix",
        help: "Read indices named <prefix><index> (default: none, the aliases the indexer maintains).",
        defaultValue: nil, expected: "lower case, without spaces or , / \\ * ? \" < > | #",
        convert: { prefix in
            prefix == prefix.lowercased() && !prefix.contains(where: { " ,/\\*?\"<>|#".contains($0) })
                ? prefix : nil
        })
    var indexPrefix = ""
    @Option(
        value: "level", help: "trace, debug, info (one line per request), notice, warning or error.",
        expected: "trace, debug, info, notice, warning, error or critical",
        convert: { Logger.Level(name: $0) })
    var logLevel = Logger.Level.info
    @Option(
        value: "seconds",
        help: "Each request's budget for all its search-store calls; past it, 503 with Retry-After.",
        expected: "a number of seconds from 0.01 to 600, such as '2' or '0.5'",
        convert: { text in Double(text).flatMap { (0.01...600).contains($0) ? $0 : nil } })
    var requestTimeout = 2.0
    @Option(
        value: "format",
        help: "text (one line per record) or json (one JSON object per line, for log shippers).",
        expected: "text or json",
        convert: { ["text", "json"].contains($0) ? $0 : nil })
    var logFormat = "text"
    @Flag(
        "--dev",
        help:
            "A development run: without CATALOGUE_CURSOR_KEY, page cursors are signed with a random key of this process."
    )
    var development: Bool
    @Flag(
        help:
            "A preview run for editors: serves the page /preview, and answers as at any moment a request's 'at' names. Never in production."
    )
    var preview: Bool

    func validate() throws {
        if es != nil && data != nil { throw UsageError.conflictingOptions("--es", "--data") }
    }

    func run(in io: CommandIO) async throws -> ExitCode {
        let options = try ServeOptions(
            self, environment: io.environment, workingDirectory: io.workingDirectory)
        return try await Self.serve(options, io: io)
    }

    /// The backend the options choose, and how to release it.
    static func backend(for options: ServeOptions, io: CommandIO) throws -> (
        any SearchBackend, close: () throws -> Void
    ) {
        switch options.store {
        case .cluster(let url):
            var environment = io.environment
            environment["ELASTICSEARCH_URL"] = url.absoluteString
            let configuration =
                try HTTPSearchBackendConfiguration(environment: environment)
                ?? HTTPSearchBackendConfiguration(baseURL: url)
            // Plain http goes through HTTPKit's pooled client, https through URLSession.
            return (HTTPSearchBackend(configuration: configuration), {})
        case .dataDirectory(let directory):
            let engine = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: directory, clock: io.clock,
                    warn: { io.errors.write("catalogue: warning: \($0)\n") }))
            return (engine, { try engine.close() })
        }
    }

    /// Serves until a shutdown signal; returns the exit code.
    static func serve(_ options: ServeOptions, io: CommandIO) async throws -> ExitCode {
        let (backend, close) = try backend(for: options, io: io)
        defer { try? close() }
        let sink: any LogSink = options.logFormat == "json" ? JSONLinesLogSink() : StandardErrorLogSink()
        let logger = Logger(label: "catalogue", level: options.logLevel, sink: sink)
        let catalogue = CatalogueApp(
            backend: backend, clock: io.clock, monotonic: .continuous,
            configuration: CatalogueConfiguration(
                indices: CatalogueIndices(prefix: options.indexPrefix),
                requestTimeout: .milliseconds(Int((options.requestTimeout * 1000).rounded())),
                cursorKeys: options.cursorKeys, preview: options.preview))
        let application = catalogue.makeApplication(
            server: ServerConfiguration(host: options.host, port: options.port), logger: logger,
            logRequests: options.logLevel <= .info)
        if options.preview {
            logger.notice(
                "preview run: the editors' page is served at /preview, and requests may ask for any moment with 'at'; never run a production service with --preview"
            )
        }
        if options.cursorKeyIsRandom {
            logger.notice(
                "development run without CATALOGUE_CURSOR_KEY: page cursors are signed with a random key of this process, refused by any other instance and after a restart"
            )
        }
        switch options.store {
        case .cluster(let url): logger.info("reading from the search cluster at \(url.absoluteString)")
        case .dataDirectory(let directory):
            logger.info("reading from the embedded engine in \(directory.path)")
        }
        let storeCheck = Task {
            if let problem = await catalogue.storeProblem() { logger.warning(problem) }
        }
        defer { storeCheck.cancel() }
        // The URL on stdout once listening, for scripts (with port 0, the only way to learn it).
        try await application.run { address in io.output.write("catalogue listening on \(address.httpURL)\n")
        }
        return .success
    }
}
