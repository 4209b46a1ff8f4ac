import CLIKit
import ESEmbedded
import ESEmbeddedServer
import Foundation
import HTTPKit
import HTTPKitServer

/// `es-embedded serve`: the engine's Elasticsearch REST API over HTTP until SIGINT or SIGTERM.
public struct ServeCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "serve", abstract: "Serve the embedded engine's Elasticsearch REST API over HTTP.",
        discussion: """
            Prints 'es-embedded listening on URL' on standard output when it is ready; stops gracefully
            on SIGINT or SIGTERM (a final snapshot is written when there is a data directory).
            With --auth FILE every request needs HTTP Basic credentials of a user of FILE or an API key
            (POST /_security/api_key), and each role allows read, write or manage on index patterns
            (superuser is built in); an unusable FILE stops serve before it listens (exit 64).
            """)

    /// The data directory; `nil` keeps data in memory.
    @Option(
        "--data", value: "dir",
        help:
            "Directory for the write-ahead log and snapshots (created if missing); without it, memory only.",
        expected: "a directory path", convert: { $0.isEmpty ? nil : $0 })
    public var dataDirectory: String?
    /// The TCP port (0 picks a free one).
    @Option(in: 0...65_535, help: "TCP port to listen on; 0 picks a free port.") public var port = 9200
    /// The address to bind.
    @Option(help: "Address to bind.") public var host = "127.0.0.1"
    /// Whether to log one line per request.
    @Flag(help: "Log one line per request on standard error.") public var logRequests: Bool
    /// The auth file; `nil` serves without security.
    @Option(
        "--auth", value: "file",
        help:
            "Require credentials, as Elasticsearch 8 does: users, roles and passwords of FILE ('role NAME PRIVILEGES PATTERNS', 'user NAME PASSWORD ROLES'); without it, open to anyone.",
        expected: "a file path", convert: { $0.isEmpty ? nil : $0 })
    public var authFile: String?

    /// The command with every option at its default.
    public init() {}

    /// Serves until SIGINT or SIGTERM, then finishes in-flight requests and writes the final
    /// snapshot; a second signal meanwhile changes nothing, a third exits at once (CLIKit's `StopSignals`).
    public func run(in context: ESEmbeddedContext) async throws -> ExitCode {
        let errors = context.errors
        var security: SecurityRealm?
        if let authFile {
            let url = URL(fileURLWithPath: authFile)
            do {
                security = try SecurityRealm(contentsOf: url)
            } catch {
                errors.line("es-embedded: error: --auth \(authFile): \(error)")
                return .usage
            }
        }
        let backend = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0) }, clock: context.clock,
                warn: { errors.line($0) }, log: { errors.line($0) }))
        let facade = ElasticsearchFacade(backend: backend, security: security)
        errors.line(
            security == nil
                ? "es-embedded: security is off: every request is served without credentials (pass --auth FILE to require them)"
                : "es-embedded: security is on: requests need the credentials of a user of \(authFile ?? "") or an API key"
        )
        // The signals are this command's, not the HTTP server's: they must stay handled through
        // the final snapshot, after the server has stopped.
        let application = facade.application(
            configuration: ServerConfiguration(host: host, port: port, shutdownSignals: []),
            logger: Logger(label: "es-embedded", level: logRequests ? .info : .warning),
            logRequests: logRequests)
        let server = try application.makeServer()
        let durable = dataDirectory != nil
        // SIGINT and SIGTERM stay handled until the process exits: restoring the default action
        // when the HTTP server stops, before the final snapshot, is what let a second signal (a
        // terminal's SIGINT followed by a script's SIGTERM) kill the engine in the middle of it.
        // A third exits at once without touching the data files (every acknowledged write is
        // already in the log; a `snapshot.tmp` cut short is removed at the next start).
        StopSignals.exitImmediately(onSignal: 3)
        _ = StopSignals { delivery in
            let name = delivery.name
            if delivery.count == 1 {
                errors.line(
                    "es-embedded: received \(name); finishing in-flight requests"
                        + (durable ? ", then writing the final snapshot" : ""))
                server.shutdown()
            } else {
                errors.line(
                    "es-embedded: received \(name) while stopping: ignored, the stop goes on; "
                        + "a third signal exits at once (every acknowledged write is already in the log)")
            }
        }
        if !durable {
            context.errors.write("es-embedded: note: no --data directory, documents live in memory only\n")
        }
        context.output.write("es-embedded listening on \(server.address.httpURL)\n")
        try await server.run()
        let started = ContinuousClock.now
        do {
            try backend.close()
        } catch {
            context.errors.write("es-embedded: error: final snapshot failed: \(error)\n")
            return .failure
        }
        if durable {
            let elapsed = ContinuousClock.now - started
            let milliseconds =
                elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            context.errors.line("es-embedded: stopped; final snapshot written in \(milliseconds) ms")
        }
        return .success
    }
}
