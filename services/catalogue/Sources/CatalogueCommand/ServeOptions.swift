import CLIKit
import Catalogue
import Foundation
import HTTPKit

/// The options of `catalogue serve`, checked and resolved against the environment and the
/// working directory.
public struct ServeOptions: Sendable, Equatable {
    /// Where the catalogue reads from.
    public enum Store: Sendable, Equatable {
        /// A cluster (or `es-embedded serve`) by URL.
        case cluster(URL)
        /// The embedded engine over a data directory.
        case dataDirectory(URL)
    }

    /// The address to bind.
    public var host: String
    /// The port (0 picks a free one).
    public var port: Int
    /// The search store.
    public var store: Store
    /// The index name prefix.
    public var indexPrefix: String
    /// The least severe log level written.
    public var logLevel: Logger.Level
    /// Each request's budget for its store calls, in seconds.
    public var requestTimeout: Double
    /// `text` or `json` log lines.
    public var logFormat: String
    /// What signs page cursors: `CATALOGUE_CURSOR_KEY`, else the built-in key (noted in the log).
    public var cursorKey: CursorKey?

    /// Parses `serve`'s arguments; without `--es` or `--data`, `ELASTICSEARCH_URL` chooses the
    /// cluster; `CATALOGUE_CURSOR_KEY` signs page cursors.
    ///
    /// - Throws: ``CLIKit/UsageError`` for anything that cannot run.
    public init(arguments: [String], environment: [String: String], workingDirectory: URL) throws {
        let parsed = try ArgumentParser.parse(
            arguments, declarations: ServeCommand.configuration.arguments, command: "catalogue serve")
        let command = try ServeCommand(parsing: parsed)
        try command.validate()
        try self.init(command, environment: environment, workingDirectory: workingDirectory)
    }

    init(_ command: ServeCommand, environment: [String: String], workingDirectory: URL) throws {
        host = command.host
        port = command.port
        indexPrefix = command.indexPrefix
        logLevel = command.logLevel
        requestTimeout = command.requestTimeout
        logFormat = command.logFormat
        cursorKey = environment["CATALOGUE_CURSOR_KEY"].flatMap { $0.isEmpty ? nil : CursorKey($0) }
        store = try Self.store(
            es: command.es, data: command.data, environment: environment, workingDirectory: workingDirectory)
    }

    private static func store(
        es: String?, data: String?, environment: [String: String], workingDirectory: URL
    ) throws(UsageError) -> Store {
        if let directory = data {
            let url = URL(fileURLWithPath: directory, relativeTo: workingDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw .invalidValue(
                    option: "--data", value: directory,
                    expected:
                        "an existing data directory (fill one with 'cms-indexer index --db FILE --data DIR')")
            }
            return .dataDirectory(url)
        }
        let fromEnvironment = environment["ELASTICSEARCH_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = es ?? fromEnvironment else {
            throw .missingOneOf(
                ["--es", "--data"], command: "catalogue serve",
                otherwise: "ELASTICSEARCH_URL in the environment")
        }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw .invalidValue(
                option: es == nil ? "ELASTICSEARCH_URL" : "--es", value: text,
                expected: "an http(s) URL such as http://127.0.0.1:9200")
        }
        return .cluster(url)
    }
}
