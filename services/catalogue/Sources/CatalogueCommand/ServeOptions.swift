import Foundation
import HTTPKit

/// The options of `catalogue serve`, parsed and validated in one step.
public struct ServeOptions: Sendable, Equatable {
    /// Where the catalogue reads from.
    public enum Store: Sendable, Equatable {
        /// A cluster (or `es-embedded serve`) by URL.
        case cluster(URL)
        /// The embedded engine over a data directory.
        case dataDirectory(URL)
    }

    /// The address to bind.
    public var host: String = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port: Int = 8080
    /// The search store.
    public var store: Store
    /// The index name prefix.
    public var indexPrefix: String = ""
    /// The least severe log level written.
    public var logLevel: Logger.Level = .info

    /// The options and their help, in order.
    static let help: [(String, String)] = [
        ("--port N", "The TCP port (default 8080; 0 picks a free port, printed on stderr)."),
        ("--host ADDRESS", "The address to bind (default 127.0.0.1)."),
        ("--es URL", "Read from an Elasticsearch/OpenSearch cluster or 'es-embedded serve' at URL."),
        (
            "--data DIR",
            "Read from the embedded engine's data directory DIR (as written by 'cms-indexer index --data DIR')."
        ),
        (
            "--index-prefix P",
            "Read indices named P<index> (default: none, the aliases the indexer maintains)."
        ),
        (
            "--log-level LEVEL",
            "trace, debug, info (default; one line per request), notice, warning or error."
        ),
        ("--help", "Show this help."),
    ]

    /// Parses `serve`'s arguments; without `--es` or `--data`, `ELASTICSEARCH_URL` chooses the
    /// cluster.
    ///
    /// - Throws: ``UsageError`` for anything that cannot run.
    public init(arguments: [String], environment: [String: String], workingDirectory: URL) throws {
        var es: String?
        var data: String?
        var host = "127.0.0.1"
        var port = 8080
        var prefix = ""
        var level = Logger.Level.info
        var words = arguments[...]
        while let word = words.popFirst() {
            let (name, inline) = Self.split(word)
            func value() throws -> String {
                if let inline { return inline }
                guard let next = words.popFirst() else { throw UsageError.missingValue(option: name) }
                return next
            }
            switch name {
            case "--es": es = try value()
            case "--data": data = try value()
            case "--host": host = try value()
            case "--port":
                let text = try value()
                guard let number = Int(text), (0...65_535).contains(number) else {
                    throw UsageError.invalidValue(
                        option: name, value: text, expected: "a port from 0 to 65535")
                }
                port = number
            case "--index-prefix":
                prefix = try value()
                guard prefix == prefix.lowercased(), !prefix.contains(where: { " ,/\\*?\"<>|#".contains($0) })
                else {
                    throw UsageError.invalidValue(
                        option: name, value: prefix,
                        expected: "lower case, without spaces or , / \\ * ? \" < > | #")
                }
            case "--log-level":
                let text = try value()
                guard let parsed = Logger.Level(name: text) else {
                    throw UsageError.invalidValue(
                        option: name, value: text,
                        expected: "trace, debug, info, notice, warning, error or critical")
                }
                level = parsed
            default:
                let known = Self.help.map { String($0.0.split(separator: " ")[0]) }
                throw UsageError.unknownOption(word, suggestion: Self.closest(to: name, in: known))
            }
        }
        self.store = try Self.store(
            es: es, data: data, environment: environment, workingDirectory: workingDirectory)
        self.host = host
        self.port = port
        self.indexPrefix = prefix
        self.logLevel = level
    }

    private static func store(
        es: String?, data: String?, environment: [String: String], workingDirectory: URL
    ) throws -> Store {
        if es != nil && data != nil { throw UsageError.conflictingOptions("--es", "--data") }
        if let directory = data {
            let url = URL(fileURLWithPath: directory, relativeTo: workingDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw UsageError.invalidValue(
                    option: "--data", value: directory,
                    expected:
                        "an existing data directory (fill one with 'cms-indexer index --db FILE --data DIR')")
            }
            return .dataDirectory(url)
        }
        let fromEnvironment = environment["ELASTICSEARCH_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = es ?? fromEnvironment else { throw UsageError.missingSearchStore }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw UsageError.invalidValue(
                option: es == nil ? "ELASTICSEARCH_URL" : "--es", value: text,
                expected: "an http(s) URL such as http://127.0.0.1:9200")
        }
        return .cluster(url)
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    static func closest(to word: String, in candidates: [String]) -> String? {
        candidates.first { candidate in
            candidate.hasPrefix(word) || word.hasPrefix(candidate)
                || zip(candidate, word).filter { $0 != $1 }.count + abs(candidate.count - word.count) <= 2
        }
    }
}
