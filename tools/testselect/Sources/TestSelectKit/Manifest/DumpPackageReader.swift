import Foundation
import TestSelectSupport

/// Reads a manifest the slow, exact way: `swift package dump-package`, which compiles and runs it.
/// Used only for manifests the static reader does not understand.
public struct DumpPackageReader: Sendable {
    /// The `swift` executable (a name on PATH or a path).
    public var swift: String
    let runner: any ProcessRunning

    /// Creates a reader that runs `swift` (default: from PATH).
    public init(swift: String = "swift", runner: any ProcessRunning = SystemProcessRunner()) {
        self.swift = swift
        self.runner = runner
    }

    /// Dumps the package in an absolute directory (the manifest SwiftPM chooses there).
    public func read(packageDirectory: String) -> Result<DeclaredPackage, DumpPackageFailure> {
        dump(packageDirectory: packageDirectory).flatMap { output in
            DumpPackageReader.decode(output, packageDirectory: packageDirectory)
        }
    }

    /// Decodes `dump-package` output produced for `packageDirectory`.
    public static func decode(_ output: String, packageDirectory: String) -> Result<
        DeclaredPackage, DumpPackageFailure
    > {
        do {
            let json = try JSONValue.parse(output)
            return .success(try DumpPackageDecoder.decode(json, packageDirectory: packageDirectory))
        } catch {
            return .failure(DumpPackageFailure(message: "unexpected output: \(error)"))
        }
    }

    /// Runs `swift package dump-package` in an absolute package directory and returns its JSON text.
    public func dump(packageDirectory: String) -> Result<String, DumpPackageFailure> {
        // A scratch and temporary directory of its own, removed afterwards: SwiftPM never waits for
        // (or touches) the package's `.build`, which a running build may hold locked, and the lock
        // files and temporary directories it leaves behind go away with it.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-swiftpm-\(UUID().uuidString.prefix(12))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: work) }
        let output: ProcessOutput
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            output = try runner.run(
                swift,
                [
                    "package", "--package-path", packageDirectory, "--scratch-path", work + "/scratch",
                    "dump-package",
                ],
                in: nil, input: nil, environment: ["TMPDIR": work])
        } catch {
            return .failure(DumpPackageFailure(message: "\(error)"))
        }
        guard output.status == 0 else {
            let lines = output.stderr.split(separator: "\n").filter { $0.contains("error:") }
            let message = lines.prefix(2).joined(separator: "; ")
            return .failure(
                DumpPackageFailure(
                    message: message.isEmpty ? "exit status \(output.status)" : String(message)))
        }
        return .success(output.stdoutText)
    }

    /// What `swift --version` prints (its first line), part of the fallback cache's key.
    public func toolchainVersion() -> String {
        guard let output = try? runner.run(swift, ["--version"], in: nil, input: nil, environment: [:]),
            output.status == 0
        else { return "unknown" }
        return output.stdoutText.split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}

/// Why `swift package dump-package` could not read a manifest.
public struct DumpPackageFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// SwiftPM's error, shortened.
    public var message: String

    /// The message.
    public var description: String { message }
}
