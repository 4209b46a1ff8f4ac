import ESEmbedded
import Foundation
import HTTPKit

/// The `es-embedded` command: `serve` (and `--help`).
///
/// Results go to standard output, diagnostics to standard error; exit status 0 on success, 1
/// on failure, 64 for bad usage.
public enum ESEmbeddedCommand {
    static let help = """
        OVERVIEW: An embedded search engine with Elasticsearch's semantics for tests and local development.

        USAGE: es-embedded <subcommand>

        SUBCOMMANDS:
          serve        Serve the Elasticsearch REST API over HTTP (see 'es-embedded serve --help').

        OPTIONS:
          -h, --help   Show help information.

        """

    /// Runs the command with `arguments` (without the program name); returns the exit status.
    public static func run(arguments: [String]) async -> Int32 {
        do {
            guard let subcommand = arguments.first else { throw CommandLineError.missingSubcommand }
            switch subcommand {
            case "-h", "--help", "help":
                write(help, to: .standardOutput)
                return 0
            case "serve":
                let options = try ServeOptions(arguments: Array(arguments.dropFirst()))
                if options.showHelp {
                    write(ServeOptions.help, to: .standardOutput)
                    return 0
                }
                return await serve(options)
            default:
                throw CommandLineError.unknownSubcommand(subcommand)
            }
        } catch {
            write("es-embedded: error: \(error)\n", to: .standardError)
            return 64
        }
    }

    /// Serves until SIGINT or SIGTERM.
    static func serve(_ options: ServeOptions) async -> Int32 {
        let backend: EmbeddedSearchBackend
        do {
            backend = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: options.dataDirectory.map { URL(fileURLWithPath: $0) }))
        } catch {
            write("es-embedded: error: \(error)\n", to: .standardError)
            return 1
        }
        let facade = ElasticsearchFacade(backend: backend)
        let application = facade.application(
            configuration: ServerConfiguration(host: options.host, port: options.port),
            logger: Logger(label: "es-embedded", level: options.logRequests ? .info : .warning),
            logRequests: options.logRequests)
        if options.dataDirectory == nil {
            write(
                "es-embedded: note: no --data directory, documents live in memory only\n", to: .standardError)
        }
        do {
            try await application.run { address in
                write("es-embedded listening on \(address.httpURL)\n", to: .standardOutput)
            }
        } catch {
            write("es-embedded: error: \(error)\n", to: .standardError)
            return 1
        }
        do {
            try backend.close()
        } catch {
            write("es-embedded: error: final snapshot failed: \(error)\n", to: .standardError)
            return 1
        }
        return 0
    }

    private enum Stream {
        case standardOutput
        case standardError
    }

    private static func write(_ text: String, to stream: Stream) {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }
}
