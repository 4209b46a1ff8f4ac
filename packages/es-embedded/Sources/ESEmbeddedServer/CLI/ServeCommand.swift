import CLIKit
import ESEmbedded
import Foundation
import HTTPKit
import HTTPKitServer

/// `es-embedded serve`: the engine's Elasticsearch REST API over HTTP until SIGINT or SIGTERM.
public struct ServeCommand: Command {
    static let data = Option<String>(
        "--data", value: "dir",
        help:
            "Directory for the write-ahead log and snapshots (created if missing); without it, memory only.",
        expected: "a directory path"
    ) { $0.isEmpty ? nil : $0 }
    static let port = Option<Int>(
        "--port", value: "port", in: 0...65_535,
        help: "TCP port to listen on (default: 9200; 0 picks a free port).")
    static let host = Option<String>("--host", value: "host", help: "Address to bind (default: 127.0.0.1).")
    static let logRequests = Flag("--log-requests", help: "Log one line per request on standard error.")
    public static let configuration = CommandConfiguration(
        name: "serve", abstract: "Serve the embedded engine's Elasticsearch REST API over HTTP.",
        discussion: """
            Prints 'es-embedded listening on URL' on standard output when it is ready; stops gracefully
            on SIGINT or SIGTERM (a final snapshot is written when there is a data directory).
            """,
        arguments: [data, port, host, logRequests])

    /// The data directory; `nil` keeps data in memory.
    public var dataDirectory: String?
    /// The TCP port (0 picks a free one).
    public var port: Int
    /// The address to bind.
    public var host: String
    /// Whether to log one line per request.
    public var logRequests: Bool

    public init(parsing arguments: ParsedArguments) throws {
        dataDirectory = try arguments.value(Self.data)
        port = try arguments.value(Self.port, default: 9200)
        host = try arguments.value(Self.host, default: "127.0.0.1")
        logRequests = arguments.contains(Self.logRequests)
    }

    /// Serves until SIGINT or SIGTERM.
    public func run(in context: ESEmbeddedContext) async throws -> ExitCode {
        let errors = context.errors
        let backend = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0) }, clock: context.clock,
                warn: { errors.line($0) }, log: { errors.line($0) }))
        let facade = ElasticsearchFacade(backend: backend)
        let application = facade.application(
            configuration: ServerConfiguration(host: host, port: port),
            logger: Logger(label: "es-embedded", level: logRequests ? .info : .warning),
            logRequests: logRequests)
        if dataDirectory == nil {
            context.errors.write("es-embedded: note: no --data directory, documents live in memory only\n")
        }
        try await application.run { address in
            context.output.write("es-embedded listening on \(address.httpURL)\n")
        }
        do {
            try backend.close()
        } catch {
            context.errors.write("es-embedded: error: final snapshot failed: \(error)\n")
            return .failure
        }
        return .success
    }
}
