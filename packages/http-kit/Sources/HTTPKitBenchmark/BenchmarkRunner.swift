import Foundation
import HTTPKit
import HTTPKitServer

/// Starts an HTTPKit server on a trivial route, drives it with wrk, and reports the figures.
public struct BenchmarkRunner: Sendable {
    /// What to run.
    public var options: BenchmarkOptions

    /// Creates a runner.
    public init(options: BenchmarkOptions) {
        self.options = options
    }

    /// The application under test: `GET /hello` answers `hello`, `GET /json` a small JSON
    /// document, with the default middleware-free router.
    public static func makeApplication() -> Application {
        let router = Router()
        router.get("/hello") { _, _ in .text("hello") }
        router.get("/json") { _, context in
            try .json(["message": "hello", "request_id": context.requestID])
        }
        let logger = Logger(label: "http-kit-bench", level: .warning)
        return Application(router: router, configuration: ServerConfiguration(port: 0), logger: logger)
    }

    /// Serves, runs wrk against the server, shuts the server down and returns wrk's figures.
    ///
    /// - Throws: ``BenchmarkError`` when wrk cannot run or fails; ``HTTPKit/ServerError`` when
    ///   the server cannot bind.
    public func run() async throws -> WrkReport {
        let server = try Self.makeApplication().makeServer()
        async let serving: Void = server.run()
        let output: Result<String, any Error>
        do {
            output = .success(try await runWrk(url: server.address.httpURL + options.path))
        } catch {
            output = .failure(error)
        }
        server.shutdown()
        try await serving
        return try WrkReport(parsing: try output.get())
    }

    /// The arguments passed to wrk.
    public func wrkArguments(url: String) -> [String] {
        [
            "--threads", String(options.threads), "--connections", String(options.connections),
            "--duration", "\(options.durationSeconds)s", "--latency", url,
        ]
    }

    private func runWrk(url: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: options.wrkPath)
        process.arguments = wrkArguments(url: url)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(
                    throwing: BenchmarkError.wrkUnavailable(
                        path: options.wrkPath, reason: "\(error)".lowercased()))
            }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0 else {
            throw BenchmarkError.wrkFailed("exit status \(status):\n\(text)")
        }
        return text
    }
}
