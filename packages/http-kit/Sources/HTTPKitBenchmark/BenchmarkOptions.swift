import CLIKit

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

    /// Checks the options together.
    ///
    /// - Throws: ``CLIKit/UsageError`` when they cannot work.
    public func validate() throws(UsageError) {
        guard connections >= threads else {
            throw .invalidValue(
                option: "--connections", value: String(connections),
                expected: "at least '--threads' (\(threads))")
        }
    }
}
