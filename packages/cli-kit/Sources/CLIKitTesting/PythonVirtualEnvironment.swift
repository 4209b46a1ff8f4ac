import Foundation

/// Whether this machine can make Python virtual environments, for suites that run tools
/// installed from PyPI (the official clients, schemathesis) and are skipped, saying why, where
/// `python3 -m venv` is missing.
///
/// ```swift
/// @Suite(.enabled(if: PythonVirtualEnvironment.available, "python3 -m venv is unavailable on this machine"))
/// ```
public enum PythonVirtualEnvironment {
    /// `python3 -m venv --help` runs and succeeds.
    public static let available: Bool = {
        let probe = Process()
        probe.executableURL = URL(filePath: "/usr/bin/env")
        probe.arguments = ["python3", "-m", "venv", "--help"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
