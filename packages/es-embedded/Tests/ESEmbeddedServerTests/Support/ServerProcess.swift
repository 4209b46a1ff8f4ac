import Foundation
import Glibc

/// The built `es-embedded` binary run as a child process, for end-to-end tests.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The base URL the server printed once ready.
    private(set) var url: URL?

    /// The `es-embedded` executable next to the test bundle.
    static var executable: URL {
        let directory =
            Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return directory.appendingPathComponent("es-embedded")
    }

    /// Runs `es-embedded` with `arguments` to completion; returns its status, stdout and stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self),
            String(decoding: err, as: UTF8.self)
        )
    }

    /// Starts `es-embedded serve` on a free port and waits until it prints its URL.
    init(arguments: [String], timeout: Duration = .seconds(20)) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = output.fileHandleForReading
        var text = ""
        let deadline = ContinuousClock.now + timeout
        while !text.contains("\n") {
            guard ContinuousClock.now < deadline, process.isRunning else {
                throw ServerProcessError(description: "es-embedded did not start: \(text) \(standardError)")
            }
            text += String(decoding: reader.availableData, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, let address = line.split(separator: " ").last,
            let url = URL(string: String(address))
        else { throw ServerProcessError(description: "unexpected first line: \(text)") }
        self.url = url
    }

    /// Everything the process wrote on standard error so far (reads until end of file when it exited).
    var standardError: String {
        guard !process.isRunning else { return "" }
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Sends `signal` and waits for the process to exit; returns its termination status.
    @discardableResult
    func stop(signal: Int32) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    var description: String
}
