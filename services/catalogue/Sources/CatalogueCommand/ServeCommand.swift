import Catalogue
import ESEmbedded
import ESModels
import Foundation
import HTTPKit

/// `catalogue serve`: builds the Catalogue API over the chosen search store and serves it until
/// SIGINT or SIGTERM, then shuts down gracefully (and, over a data directory, closes the engine).
enum ServeCommand {
    static var help: String {
        let width = ServeOptions.help.map(\.0.count).max() ?? 0
        let options = ServeOptions.help.map { name, text in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + text
        }
        return """
            catalogue serve: serves the Catalogue API over HTTP until SIGINT or SIGTERM.

            usage: catalogue serve [--port N] [--host ADDRESS] (--es URL | --data DIR) [--index-prefix P] [--log-level LEVEL]

            options:
            \(options.joined(separator: "\n"))

            Without --es or --data, ELASTICSEARCH_URL names the cluster (with ELASTICSEARCH_USERNAME and
            ELASTICSEARCH_PASSWORD, or ELASTICSEARCH_API_KEY). Once listening, it prints
            'catalogue listening on URL' on stdout; logs go to stderr.
            Exit codes: 0 stopped cleanly, 1 failed (cannot bind, cannot open the data directory), 64 bad usage.

            """
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
            return (HTTPSearchBackend(configuration: configuration), {})
        case .dataDirectory(let directory):
            let engine = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: directory, warn: { io.errors("catalogue: warning: \($0)\n") }))
            return (engine, { try engine.close() })
        }
    }

    /// Serves until a shutdown signal; returns the exit code.
    static func run(_ options: ServeOptions, io: CommandIO) async throws -> Int32 {
        let (backend, close) = try backend(for: options, io: io)
        defer { try? close() }
        let logger = Logger(label: "catalogue", level: options.logLevel)
        let catalogue = CatalogueApp(
            backend: backend, clock: .system,
            configuration: CatalogueConfiguration(indices: CatalogueIndices(prefix: options.indexPrefix)))
        let application = catalogue.makeApplication(
            server: ServerConfiguration(host: options.host, port: options.port), logger: logger,
            logRequests: options.logLevel <= .info)
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
        try await application.run { address in io.output("catalogue listening on \(address.httpURL)\n") }
        return 0
    }
}
