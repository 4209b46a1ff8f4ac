/// The options of `http-kit-bench`.
public struct BenchmarkOptions: Sendable, Equatable {
    /// How long wrk drives the server, in seconds.
    public var durationSeconds: Int = 5
    /// How many connections wrk keeps open.
    public var connections: Int = 64
    /// How many threads wrk uses.
    public var threads: Int = 2
    /// The route to request: `/hello` (plain text) or `/json` (a small JSON document).
    public var path: String = "/hello"
    /// The wrk executable.
    public var wrkPath: String = "/usr/bin/wrk"

    /// Creates the default options.
    public init() {}

    /// The usage text printed by `--help`.
    public static let help = """
        OVERVIEW: Measure HTTPKit's server: serve a trivial route on 127.0.0.1 and drive it with wrk.

        USAGE: http-kit-bench [--duration <seconds>] [--connections <n>] [--threads <n>] [--path <path>] [--wrk <path>]

        OPTIONS:
          --duration <seconds>   How long to drive the server (default: 5).
          --connections <n>      Keep-alive connections wrk keeps open (default: 64).
          --threads <n>          wrk threads (default: 2).
          --path <path>          Route to request: /hello (text) or /json (default: /hello).
          --wrk <path>           The wrk executable (default: /usr/bin/wrk).
          -h, --help             Show this help.

        Prints requests per second and latency percentiles (p50, p75, p90, p99).
        """

    /// What the command line asks for.
    public enum Command: Sendable, Equatable {
        /// Print the help.
        case help
        /// Run the benchmark.
        case run(BenchmarkOptions)
    }

    /// Parses the arguments (without the program name) and checks them.
    ///
    /// - Throws: ``BenchmarkError/usage(_:)`` for unknown options, missing or invalid values.
    public static func parse(_ arguments: [String]) throws(BenchmarkError) -> Command {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return .help }
            let (name, inlineValue) = split(argument)
            let known = ["--duration", "--connections", "--threads", "--path", "--wrk"]
            guard known.contains(name) else {
                throw .usage("unknown option '\(argument)'" + suggestion(for: name, among: known))
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw .usage("option '\(name)' needs a value")
            }
            switch name {
            case "--duration": options.durationSeconds = try positiveInteger(value, for: name)
            case "--connections": options.connections = try positiveInteger(value, for: name)
            case "--threads": options.threads = try positiveInteger(value, for: name)
            case "--path": options.path = value
            default: options.wrkPath = value
            }
        }
        try options.validate()
        return .run(options)
    }

    /// Checks the options together.
    ///
    /// - Throws: ``BenchmarkError/usage(_:)`` when they cannot work.
    public func validate() throws(BenchmarkError) {
        guard ["/hello", "/json"].contains(path) else {
            throw .usage("path '\(path)' is not served by the benchmark; use '/hello' or '/json'")
        }
        guard connections >= threads else {
            throw .usage("'--connections' (\(connections)) must be at least '--threads' (\(threads))")
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func positiveInteger(_ text: String, for name: String) throws(BenchmarkError) -> Int {
        guard let value = Int(text), value > 0 else {
            throw .usage("option '\(name)' needs a positive integer, got '\(text)'")
        }
        return value
    }

    private static func suggestion(for name: String, among known: [String]) -> String {
        let stripped = name.drop { $0 == "-" }
        guard let match = known.first(where: { $0.dropFirst(2).hasPrefix(stripped.prefix(3)) }),
            !stripped.isEmpty
        else { return "; run with '--help' for the options" }
        return "; did you mean '\(match)'?"
    }
}
