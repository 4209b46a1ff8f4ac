import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// `ci/release`: testselect as a SwiftPM artifact bundle, and another repository using it through
/// the command plugin without building testselect. The bundle is assembled from the testselect these
/// tests run (`--binary`), so nothing here builds in release mode.
@Suite struct ReleaseBundleEndToEndTests {
    /// This repository's root (where `ci/release` is).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `bash ci/release` with arguments.
    static func release(_ arguments: [String]) throws -> ProcessOutput {
        try SystemProcessRunner().run("bash", [root + "/ci/release"] + arguments, in: root)
    }

    /// Runs `ci/release --binary <the testselect under test> --output <output>` and returns the
    /// checksum it printed.
    static func releaseTestedBinary(into output: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        // A fixed version: `git describe --dirty` of a working tree changes while someone edits it.
        let result = try release([
            "--binary", try TestSelectBinary.path(), "--output", output, "--version", "0.0.0-test",
        ])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let last = result.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(
            last.hasPrefix("checksum: ") ? String(last.dropFirst("checksum: ".count)) : nil,
            "no 'checksum: ' line last on standard output: \(result.stdoutText)",
            sourceLocation: sourceLocation)
    }

    /// This machine's target triple, as `swift -print-target-info` gives it without a deployment
    /// target (the same as `target.triple` on Linux).
    static func hostTriple() throws -> String {
        let info = try SystemProcessRunner().run("swift", ["-print-target-info"], in: nil)
        let triple = try JSONValue.parse(info.stdoutText)["target"]?["unversionedTriple"]?.stringValue
        return try #require(triple)
    }

    /// The SHA-256 of a file, as `swift package compute-checksum` prints it.
    static func sha256(ofFile path: String) throws -> String {
        var hasher = SHA256()
        hasher.update(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return hasher.finalize().map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    @Test func theBundleDescribesTheBinaryForThisMachineAndTheZipItsChecksum() throws {
        try withTemporaryDirectory { directory in
            let output = directory + "/release"
            let checksum = try Self.releaseTestedBinary(into: output)
            let bundle = output + "/testselect.artifactbundle"
            let info = try JSONValue.parse(String(contentsOfFile: bundle + "/info.json", encoding: .utf8))
            #expect(info["schemaVersion"]?.stringValue == "1.0")
            let artifact = try #require(info["artifacts"]?["testselect"])
            #expect(artifact["type"]?.stringValue == "executable")
            let version = try #require(artifact["version"]?.stringValue)
            #expect(version == "0.0.0-test")
            let variants = artifact["variants"]?.arrayValue ?? []
            #expect(variants.count == 1)
            let triple = try Self.hostTriple()
            let path = "testselect-\(version)-\(triple)/bin/testselect"
            #expect(variants.first?["path"]?.stringValue == path)
            #expect(variants.first?["supportedTriples"] == .strings([triple]))
            #expect(FileManager.default.isExecutableFile(atPath: bundle + "/" + path))
            #expect(
                FileManager.default.contentsEqual(
                    atPath: bundle + "/" + path, andPath: try TestSelectBinary.path()))
            let zip = output + "/testselect.artifactbundle.zip"
            #expect(checksum == (try Self.sha256(ofFile: zip)))
            // The bundle directory is the zip's top level (SwiftPM extracts zips with unzip on Linux).
            let listing = try SystemProcessRunner().run("unzip", ["-Z1", zip], in: nil)
            let entries = listing.stdoutText.split(separator: "\n").map(String.init)
            #expect(entries.filter { !$0.hasPrefix("testselect.artifactbundle/") } == [])
            #expect(entries.contains("testselect.artifactbundle/info.json"))
            #expect(entries.contains("testselect.artifactbundle/" + path))

            // Again into the same directory: the previous bundle is replaced, no staging directory is
            // left, and the same binary at the same commit packs into the same zip.
            #expect(try Self.releaseTestedBinary(into: output) == checksum)
            let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
            #expect(written == ["testselect.artifactbundle", "testselect.artifactbundle.zip"])
        }
    }

    /// A repository that has never built testselect declares the bundle (the zip, as `url:` would
    /// fetch it, or the directory) and a command plugin whose source is this repository's plugin,
    /// and selects with `swift package testselect`.
    @Test(arguments: ["testselect.artifactbundle.zip", "testselect.artifactbundle"])
    func anotherPackageRunsTheBundledBinaryThroughThePlugin(artifact: String) throws {
        let pluginSource = try String(
            contentsOfFile: Self.root + "/tools/testselect/Plugins/TestSelectPlugin/TestSelectPlugin.swift",
            encoding: .utf8)
        try withTemporaryRepository(name: "adopter") { repo in
            // Beside the repository (SwiftPM takes a binary target's path relative to the package).
            let output = URL(fileURLWithPath: repo.root).deletingLastPathComponent().path + "/release"
            _ = try Self.releaseTestedBinary(into: output)
            try repo.write([
                ".gitignore": ".build/\n",
                "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "adopter",
                    targets: [
                        .binaryTarget(name: "testselect", path: "../release/\(artifact)"),
                        .plugin(
                            name: "TestSelectPlugin",
                            capability: .command(
                                intent: .custom(verb: "testselect", description: "Select the suites a change must run")),
                            dependencies: ["testselect"]
                        ),
                        .target(name: "Adopter"),
                        .testTarget(name: "AdopterTests", dependencies: ["Adopter"]),
                        .testTarget(name: "OtherTests"),
                    ]
                )
                """,
                "Plugins/TestSelectPlugin/TestSelectPlugin.swift": pluginSource,
                "Sources/Adopter/Adopter.swift": "public let answer = 42\n",
                "Tests/AdopterTests/AdopterTests.swift": "import Adopter\n",
                "Tests/OtherTests/OtherTests.swift": "\n",
            ])
            try repo.commitAll("adopter")
            try repo.touch("Sources/Adopter/Adopter.swift")
            let scratch = repo.path(".build")
            let selected = try SystemProcessRunner().run(
                "swift",
                ["package", "--scratch-path", scratch, "testselect", "--base", "main", "--format", "json"],
                in: repo.root)
            #expect(selected.status == 0, "\(selected.stderr)")
            let text = selected.stdoutText
            let start = try #require(
                text.range(of: "\n{")?.lowerBound ?? (text.hasPrefix("{") ? text.startIndex : nil))
            let json = try JSONValue.parse(String(text[start...]))
            let targets = (json["selected"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
            #expect(targets == ["AdopterTests"])
            // Nothing of testselect's sources was compiled: SwiftPM says nothing of them, and its
            // build directory holds none of their products.
            #expect(!(text + selected.stderr).contains("TestSelectKit"))
            let built = FileManager.default.enumerator(atPath: scratch)?.compactMap { $0 as? String } ?? []
            #expect(built.filter { $0.contains("TestSelectKit") } == [])
        }
    }

    @Test func aBinaryThatIsNotAnExecutableFileIsAUsageError() throws {
        let missing = try Self.release(["--binary", "/nonexistent/testselect"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("'/nonexistent/testselect' is not an executable file"))
        let unknown = try Self.release(["--binray", "/nonexistent/testselect"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown argument '--binray'"))
    }
}
