import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// The SwiftPM command plugin as another repository uses it: a package that depends on this one by
/// path runs `swift package testselect ...` and gets testselect's output and exit status. It builds
/// testselect for that package from scratch (half a minute on two cores), once for every step.
@Suite(.serialized) struct PluginEndToEndTests {
    /// This repository's root (the package that declares the plugin).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func anotherPackageRunsTestselectThroughThePlugin() throws {
        try withTemporaryRepository(name: "adopter") { repo in
            try repo.write([
                ".gitignore": ".build/\n",
                "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "adopter",
                    dependencies: [.package(path: \(HostileLiteral.swift(PluginEndToEndTests.root)))],
                    targets: [
                        .target(name: "Adopter"),
                        .testTarget(name: "AdopterTests", dependencies: ["Adopter"]),
                        .testTarget(name: "OtherTests"),
                    ]
                )
                """,
                "Sources/Adopter/Adopter.swift": "public let answer = 42\n",
                "Tests/AdopterTests/AdopterTests.swift": "import Adopter\n",
                "Tests/OtherTests/OtherTests.swift": "\n",
            ])
            try repo.commitAll("adopter")
            try repo.touch("Sources/Adopter/Adopter.swift")
            let scratch = repo.path(".build")
            func plugin(_ arguments: [String]) throws -> ProcessOutput {
                try SystemProcessRunner().run(
                    "swift", ["package", "--scratch-path", scratch, "testselect"] + arguments, in: repo.root,
                    input: nil, environment: [:])
            }
            let selected = try plugin(["--base", "main", "--format", "json"])
            #expect(selected.status == 0, "\(selected.stderr)")
            // SwiftPM's own lines ("Building for debugging...") come first on standard output.
            let text = selected.stdoutText
            let start = try #require(
                text.range(of: "\n{")?.lowerBound ?? (text.hasPrefix("{") ? text.startIndex : nil))
            let json = try JSONValue.parse(String(text[start...]))
            let targets = (json["selected"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
            #expect(targets == ["AdopterTests"])
            // testselect's usage error reaches the caller as a failure naming it.
            let usage = try plugin(["explain"])
            #expect(usage.status != 0)
            #expect((usage.stdoutText + usage.stderr).contains("missing argument <package:target>"))
            #expect((usage.stdoutText + usage.stderr).contains("Plugin ended with exit code 64"))
        }
    }
}

/// A Swift string literal of a path.
enum HostileLiteral {
    static func swift(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
