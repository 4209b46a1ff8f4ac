import Foundation
import TestSelectManifest
import TestSelectSupport

/// The built `testselect` executable, for end-to-end tests.
public enum TestSelectBinary {
    /// Errors locating the binary.
    public struct NotFound: Error, CustomStringConvertible {
        /// Where it was looked for.
        public var candidates: [String]

        public var description: String {
            "the 'testselect' executable was not found in the build products (\(candidates.joined(separator: ", "))); "
                + "build it with 'swift build'"
        }
    }

    /// The path of the `testselect` executable next to the running test bundle.
    public static func path() throws -> String {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directories = [runner.deletingLastPathComponent()]
        var url = runner
        for _ in 0..<4 {
            url = url.deletingLastPathComponent()
            if url.pathExtension == "xctest" { directories.append(url.deletingLastPathComponent()) }
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        let candidates = directories.map { $0.appendingPathComponent("testselect").path }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw NotFound(candidates: candidates)
    }

    /// Runs `testselect` with arguments in a directory, optionally feeding standard input.
    public static func run(
        _ arguments: [String], in directory: String, input: String? = nil, environment: [String: String] = [:]
    ) throws -> ProcessOutput {
        try SystemProcessRunner().run(
            try path(), arguments, in: directory, input: input.map { Data($0.utf8) }, environment: environment
        )
    }

    /// Runs `testselect ... --format json` and returns the selected suites as `directory:Target`, sorted.
    public static func selectedSuites(_ arguments: [String], in directory: String) throws -> [String] {
        let output = try run(arguments + ["--format", "json"], in: directory)
        guard output.status == 0 else {
            throw TemporaryRepositoryError.gitFailed(
                arguments: ["testselect"] + arguments, stderr: output.stderr)
        }
        let json = try JSONValue.parse(output.stdoutText)
        return (json["selected"]?.arrayValue ?? []).compactMap { suite in
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue
            else { return nil }
            return "\(package):\(target)"
        }.sorted()
    }
}
