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
    /// What signs page cursors: `CATALOGUE_CURSOR_KEY`, else, in a development run only, a random
    /// key of this process.
    public var cursorKeys: CursorKeys
    /// A development run (`--dev`): it may start without `CATALOGUE_CURSOR_KEY`.
    public var development: Bool
    /// A preview run (`--preview`): the editors' page, and any moment by `at`.
    public var preview: Bool
    /// Whether the cursor key is this process' random one (a development run without a key).
    public var cursorKeyIsRandom: Bool

    /// Parses `serve`'s arguments; without `--es` or `--data`, `ELASTICSEARCH_URL` chooses the
    /// cluster; `CATALOGUE_CURSOR_KEY` signs page cursors (required unless `--dev`).
    ///
    /// - Throws: ``CLIKit/UsageError`` for anything that cannot run, ``CursorKeyError`` for a
    ///   missing or unusable cursor key.
    public init(arguments: [String], environment: [String: String], workingDirectory: URL) throws {
        let command = try ServeCommand.parse(arguments, command: "catalogue serve")
        try self.init(command, environment: environment, workingDirectory: workingDirectory)
    }

    init(_ command: ServeCommand, environment: [String: String], workingDirectory: URL) throws {
        host = command.host
        port = command.port
        indexPrefix = command.indexPrefix
        logLevel = command.logLevel
        requestTimeout = command.requestTimeout
        logFormat = command.logFormat
        store = try Self.store(
            es: command.es, data: command.data, environment: environment, workingDirectory: workingDirectory)
        development = command.development
        preview = command.preview
        switch environment["CATALOGUE_CURSOR_KEY"] {
        case let text? where !text.isEmpty:
            do { cursorKeys = try CursorKeys(parsing: text) } catch { throw CursorKeyError.unusable(error) }
            cursorKeyIsRandom = false
        default:
            guard command.development else { throw CursorKeyError.missing }
            cursorKeys = .random()
            cursorKeyIsRandom = true
        }
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

/// `catalogue serve` has no usable secret to sign page cursors with (exit code 64).
///
/// A production run must be given one: a key built into the program would let anyone who reads
/// its source sign cursors. The message never shows the key.
public enum CursorKeyError: Error, Equatable, CustomStringConvertible, ExitCodeProviding {
    /// `CATALOGUE_CURSOR_KEY` is unset or empty, and the run is not a development one.
    case missing
    /// `CATALOGUE_CURSOR_KEY` holds an empty or short key.
    case unusable(CursorKeys.Problem)

    public var description: String {
        switch self {
        case .missing:
            return
                "CATALOGUE_CURSOR_KEY is not set: set it to a secret shared by every instance (make one with 'openssl rand -base64 32'), or pass '--dev' for a development run, which signs cursors with a random key of its own"
        case .unusable(let problem):
            return "CATALOGUE_CURSOR_KEY is unusable: \(problem)"
        }
    }

    public var exitCode: ExitCode { .usage }
}
