import Foundation

/// The repository's shared command-line behaviour cases (`packages/cli-kit/Conformance/
/// cli-behaviour.json`), and a runner that checks them against a built executable.
///
/// ```swift
/// @Test func behavesLikeEveryTool() async throws {
///     let subject = CLIBehaviourSubject(executable: try BuiltProducts.executable("tool"), option: "--port")
///     for failure in try await CLIBehaviour.check(subject) { Issue.record("\(failure)") }
/// }
/// ```
public enum CLIBehaviour {
    /// The case file, found from this source file's place in the repository.
    public static var fileURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // CLIKitTesting
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // cli-kit
            .appendingPathComponent("Conformance/cli-behaviour.json")
    }

    /// The schema the runner reads.
    public static let schema = "cli-behaviour/1"

    /// Every case of the file.
    ///
    /// - Throws: when the file cannot be read, is not valid, or has another schema.
    public static func cases() throws -> [CLIBehaviourCase] {
        let file = try JSONDecoder().decode(CLIBehaviourFile.self, from: Data(contentsOf: fileURL))
        guard file.schema == schema else {
            throw CLIBehaviourError.unknownSchema(file.schema, expected: schema)
        }
        return file.cases
    }

    /// Runs every case that applies to `subject` and returns what did not hold (empty: all held).
    ///
    /// - Throws: when the file cannot be read or the executable cannot run.
    public static func check(
        _ subject: CLIBehaviourSubject, timeout: Duration = .seconds(30)
    ) async throws -> [CLIBehaviourFailure] {
        var failures: [CLIBehaviourFailure] = []
        for behaviourCase in try cases() where subject.accepts(behaviourCase) {
            failures += try await check(behaviourCase, on: subject, timeout: timeout)
        }
        return failures
    }

    /// Runs one case against `subject`.
    public static func check(
        _ behaviourCase: CLIBehaviourCase, on subject: CLIBehaviourSubject, timeout: Duration = .seconds(30)
    ) async throws -> [CLIBehaviourFailure] {
        let values = subject.placeholders
        func fill(_ text: String) -> String {
            values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        let words = subject.words + behaviourCase.argv.map(fill)
        let run = try await ChildProcess.run(
            subject.executable, words, environment: isolatedEnvironment, workingDirectory: nil,
            timeout: timeout)
        var problems: [String] = []
        if run.termination != .exited(behaviourCase.exit) {
            problems.append("ended with \(run.termination), expected exit status \(behaviourCase.exit)")
        }
        problems += mismatches(of: run.output, "stdout", behaviourCase.stdout, fill: fill)
        problems += mismatches(of: run.errors, "stderr", behaviourCase.stderr, fill: fill)
        return problems.map {
            CLIBehaviourFailure(
                caseName: behaviourCase.name, command: ([subject.tool] + words).joined(separator: " "),
                problem: $0, output: run.output, errors: run.errors)
        }
    }

    /// The child's environment: this one without the variables that would point a tool at a
    /// real store (a case must never reach one).
    static var isolatedEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ELASTICSEARCH_") && $0.key != "ES_URL"
        }
    }

    private static func mismatches(
        of text: String, _ stream: String, _ expectation: CLIBehaviourCase.StreamExpectation?,
        fill: (String) -> String
    ) -> [String] {
        guard let expectation else { return [] }
        var problems: [String] = []
        if expectation.empty == true, !text.isEmpty { problems.append("\(stream) is not empty") }
        if let prefix = expectation.prefix.map(fill), !text.hasPrefix(prefix) {
            problems.append("\(stream) does not begin with '\(prefix)'")
        }
        for part in (expectation.contains ?? []).map(fill) where !text.contains(part) {
            problems.append("\(stream) does not contain '\(part)'")
        }
        for part in (expectation.excludes ?? []).map(fill) where text.contains(part) {
            problems.append("\(stream) contains '\(part)'")
        }
        return problems
    }
}

/// A case that did not hold, with what the command printed.
public struct CLIBehaviourFailure: Sendable, CustomStringConvertible {
    /// The case.
    public var caseName: String
    /// The command line run.
    public var command: String
    /// What did not hold.
    public var problem: String
    /// Its standard output.
    public var output: String
    /// Its standard error.
    public var errors: String

    public var description: String {
        "\(caseName): `\(command)`: \(problem)\n--- stdout:\n\(output)--- stderr:\n\(errors)"
    }
}

/// A case file the runner cannot use.
public enum CLIBehaviourError: Error, CustomStringConvertible {
    /// The file declares a schema this runner does not read.
    case unknownSchema(String, expected: String)

    public var description: String {
        switch self {
        case .unknownSchema(let found, let expected):
            "the behaviour cases declare schema '\(found)'; this runner reads '\(expected)'"
        }
    }
}
