import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// The selection a team would script by hand: `swift package dump-package` for every manifest, one
/// after another, then the same graph and selection rules on SwiftPM's JSON.
public struct SwiftPMRoute: Sendable {
    /// The `swift` executable.
    public var swift: String
    let runner: any ProcessRunning

    /// Creates the route.
    public init(swift: String = "swift", runner: any ProcessRunning = SystemProcessRunner()) {
        self.swift = swift
        self.runner = runner
    }

    /// Dumps one package with a cold manifest cache (as on a fresh CI runner) and decodes it.
    ///
    /// - Returns: the declared package and the seconds `dump-package` took.
    public func dump(packageDirectory: String) throws -> (package: DeclaredPackage, seconds: Double) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "testselect-bench-\(UUID().uuidString.prefix(12))"
        ).path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let started = ContinuousClock.now
        let output = try runner.run(
            swift,
            [
                "package", "--package-path", packageDirectory, "--scratch-path", work + "/scratch",
                "--manifest-cache", "none", "dump-package",
            ], in: nil, input: nil, environment: ["TMPDIR": work])
        let seconds = Benchmark.seconds(ContinuousClock.now - started)
        guard output.status == 0 else {
            throw BenchmarkError.dumpPackageFailed(packageDirectory, output.stderr)
        }
        let json = try JSONValue.parse(output.stdoutText)
        return (try DumpPackageDecoder.decode(json, packageDirectory: packageDirectory), seconds)
    }

    /// The loaded form of a dumped package, as the graph takes it.
    public static func loaded(_ package: DeclaredPackage, directory: String) -> LoadedPackage {
        LoadedPackage(
            directory: directory, manifestFile: "Package.swift",
            reading: .swiftPM(reason: "benchmark: read with 'swift package dump-package'"),
            variants: [("Package.swift", package)])
    }

    /// The selection over packages loaded elsewhere, for the change between `base` and `head`.
    public static func select(
        packages: [LoadedPackage], in workspace: Workspace, base: String, head: String
    ) throws -> (graph: ResolvedGraph, selection: Selection) {
        guard let git = workspace.git else { throw BenchmarkError.notAGitRepository(workspace.root) }
        let snapshot = RevisionSnapshot(git: git, revision: head)
        let graph = ResolvedGraph.build(
            packages: packages, listing: try snapshot.listing(), repositoryName: workspace.name)
        let changes = try ChangeDetector(workspace: workspace).changes(
            base: base, head: head, listed: nil, headSnapshot: snapshot)
        let selection = Selector(head: graph, base: nil, config: .defaults).select(changes)
        return (graph, selection)
    }
}
