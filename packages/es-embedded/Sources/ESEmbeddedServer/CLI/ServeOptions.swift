import Foundation

/// The options of `es-embedded serve`, parsed and checked in one step.
public struct ServeOptions: Sendable, Equatable {
    /// The data directory; `nil` keeps data in memory.
    public var dataDirectory: String?
    /// The TCP port (0 picks a free one).
    public var port: Int = 9200
    /// The address to bind.
    public var host: String = "127.0.0.1"
    /// Whether to log one line per request.
    public var logRequests = false
    /// Whether `--help` was asked for.
    public var showHelp = false

    /// Parses the arguments that follow `serve`.
    ///
    /// - Throws: ``CommandLineError`` for unknown options and invalid values.
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inline) = Self.split(argument)
            func value() throws -> String {
                if let inline { return inline }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw CommandLineError.missingValue(name)
                }
                return next
            }
            switch name {
            case "-h", "--help": showHelp = true
            case "--data": dataDirectory = try value()
            case "--host": host = try value()
            case "--port":
                let text = try value()
                guard let number = Int(text), (0...65535).contains(number) else {
                    throw CommandLineError.invalidValue(
                        option: "--port", value: text, expected: "a port number from 0 to 65535")
                }
                port = number
            case "--log-requests": logRequests = true
            default:
                throw CommandLineError.unknownOption(name, suggestion: Self.suggestion(for: name))
            }
        }
        if let dataDirectory, dataDirectory.isEmpty {
            throw CommandLineError.invalidValue(
                option: "--data", value: dataDirectory, expected: "a directory path")
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static let known = ["--data", "--port", "--host", "--log-requests", "--help"]

    private static func suggestion(for option: String) -> String? {
        known.min { distance($0, option) < distance($1, option) }.flatMap {
            distance($0, option) <= 2 ? $0 : nil
        }
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(
                    min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    static let help = """
        OVERVIEW: Serve the embedded engine's Elasticsearch REST API over HTTP.

        Prints the server's URL on standard output when it is ready; stops gracefully on
        SIGINT or SIGTERM (a final snapshot is written when there is a data directory).

        USAGE: es-embedded serve [--data <dir>] [--port <port>] [--host <host>] [--log-requests]

        OPTIONS:
          --data <dir>     Directory for the write-ahead log and snapshots (created if missing);
                           without it, everything lives in memory.
          --port <port>    TCP port to listen on (default: 9200; 0 picks a free port).
          --host <host>    Address to bind (default: 127.0.0.1).
          --log-requests   Log one line per request on standard error.
          -h, --help       Show help information.

        """
}
