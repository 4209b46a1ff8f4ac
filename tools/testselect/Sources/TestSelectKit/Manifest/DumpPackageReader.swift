import Foundation

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
        do {
            let json = try JSONValue.parse(output.stdoutText)
            return .success(try DumpPackageDecoder.decode(json, packageDirectory: packageDirectory))
        } catch {
            return .failure(DumpPackageFailure(message: "unexpected output: \(error)"))
        }
    }

    /// Dumps manifest text in a temporary copy (for a commit's manifest or a non-chosen variant).
    ///
    /// Sibling files the manifest may read are not copied; relative paths it declares resolve
    /// against `packageDirectory`'s position, which the copy mirrors by name only.
    public func read(manifestText: String) -> Result<DeclaredPackage, DumpPackageFailure> {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-dump-\(UUID().uuidString.prefix(12))")
        let directory = base.appendingPathComponent("package")
        defer { try? FileManager.default.removeItem(at: base) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try manifestText.write(
                to: directory.appendingPathComponent("Package.swift"), atomically: false, encoding: .utf8)
        } catch {
            return .failure(DumpPackageFailure(message: "cannot write a temporary copy: \(error)"))
        }
        return read(packageDirectory: directory.path)
    }
}

/// Why `swift package dump-package` could not read a manifest.
public struct DumpPackageFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// SwiftPM's error, shortened.
    public var message: String

    /// The message.
    public var description: String { message }
}
