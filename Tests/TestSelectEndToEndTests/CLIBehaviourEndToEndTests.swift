import Foundation
import TestSelectKit
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// The repository's shared command-line behaviour cases (`packages/cli-kit/Conformance/
/// cli-behaviour.json`), run against the built `testselect`. The root package cannot depend on
/// cli-kit, so it reads the file by its path and runs the cases itself; every other tool runs the
/// same file through CLIKitTesting.
@Suite struct CLIBehaviourEndToEndTests {
    /// A command of testselect the cases are run against.
    struct Subject: CustomStringConvertible, Sendable {
        var words: [String]
        var option: String
        var takesArguments: Bool

        var description: String { (["testselect"] + words).joined(separator: " ") }
    }

    static let subjects = [
        Subject(words: [], option: "--base", takesArguments: false),
        Subject(words: ["run"], option: "--base", takesArguments: false),
        Subject(words: ["graph"], option: "--format", takesArguments: false),
        Subject(words: ["explain"], option: "--base", takesArguments: true),
    ]

    static var caseFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "packages/cli-kit/Conformance/cli-behaviour.json"
            ).path
    }

    static func cases() throws -> [JSONValue] {
        let json = try JSONValue.parse(try String(contentsOfFile: caseFile, encoding: .utf8))
        guard json["schema"]?.stringValue == "cli-behaviour/1" else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: caseFile])
        }
        return json["cases"]?.arrayValue ?? []
    }

    @Test(arguments: subjects)
    func behavesLikeEveryToolOfTheRepository(_ subject: Subject) throws {
        let cases = try Self.cases()
        #expect(cases.count >= 10, "the case file '\(Self.caseFile)' holds the shared cases")
        let command = (["testselect"] + subject.words).joined(separator: " ")
        let typo = subject.option + String(subject.option.last ?? "x")
        let placeholders = [
            "{option-typo}": typo, "{option}": subject.option, "{command}": command, "{tool}": "testselect",
        ]
        func fill(_ text: String) -> String {
            placeholders.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        try withTemporaryDirectory { directory in
            for behaviour in cases {
                let applies = behaviour["applies"]?.stringValue
                guard
                    applies == "command"
                        || (applies == "command-without-arguments" && !subject.takesArguments)
                else { continue }
                let name = behaviour["name"]?.stringValue ?? "?"
                let argv = (behaviour["argv"]?.arrayValue ?? []).compactMap(\.stringValue).map(fill)
                let output = try TestSelectBinary.run(subject.words + argv, in: directory)
                let context =
                    "case '\(name)' on '\(subject)' \(argv): stdout \(output.stdoutText.debugDescription), stderr \(output.stderr.debugDescription)"
                if case .number(let exit)? = behaviour["exit"] {
                    #expect(Double(output.status) == exit, "\(context)")
                }
                for (stream, text) in [("stdout", output.stdoutText), ("stderr", output.stderr)] {
                    guard let expectation = behaviour[stream] else { continue }
                    if expectation["empty"] == .bool(true) {
                        #expect(text.isEmpty, "\(stream) of \(context)")
                    }
                    if let prefix = expectation["prefix"]?.stringValue {
                        #expect(text.hasPrefix(fill(prefix)), "\(stream) prefix of \(context)")
                    }
                    for piece in (expectation["contains"]?.arrayValue ?? []).compactMap(\.stringValue) {
                        #expect(
                            text.contains(fill(piece)),
                            "\(stream) should contain '\(fill(piece))': \(context)")
                    }
                    for piece in (expectation["excludes"]?.arrayValue ?? []).compactMap(\.stringValue) {
                        #expect(
                            !text.contains(fill(piece)),
                            "\(stream) should not contain '\(fill(piece))': \(context)")
                    }
                }
            }
        }
    }
}
