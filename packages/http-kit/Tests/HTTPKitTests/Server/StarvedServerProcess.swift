import Foundation
import HTTPKit

/// The `http-kit-starved-server` fixture running in its own process: a server whose accepts
/// fail with `EMFILE` once a few connections are open. Stop it with ``stop()``.
final class StarvedServerProcess {
    enum Failure: Error, CustomStringConvertible {
        case notBuilt(String)
        case noPort(String)

        var description: String {
            switch self {
            case .notBuilt(let path):
                "the fixture '\(path)' is missing; build the package ('swift build') first"
            case .noPort(let errors):
                "the fixture printed no port within 10 seconds; it said: '\(errors)'"
            }
        }
    }

    private let process = Process()
    private let directory: URL
    private var outputURL: URL { directory.appendingPathComponent("stdout") }
    private var errorURL: URL { directory.appendingPathComponent("stderr") }

    /// Starts the fixture, built next to the running test bundle, with `headroom` spare
    /// descriptors.
    init(headroom: Int) throws {
        let fixture = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("http-kit-starved-server")
        guard FileManager.default.isExecutableFile(atPath: fixture.path) else {
            throw Failure.notBuilt(fixture.path)
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "http-kit-starved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in [outputURL, errorURL] {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        process.executableURL = fixture
        process.arguments = [String(headroom)]
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    /// Waits (up to 10 s) for the address the fixture prints once it serves.
    func address() async throws -> SocketAddress {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline && process.isRunning {
            let printed = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
            if printed.hasSuffix("\n"), let port = Int(printed.dropLast()) {
                return SocketAddress(host: "127.0.0.1", port: port)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure.noPort(standardError)
    }

    /// What the fixture logged so far.
    var standardError: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// Kills the fixture and removes its files.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
