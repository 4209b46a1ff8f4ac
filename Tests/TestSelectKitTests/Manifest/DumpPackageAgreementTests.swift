import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// The static reader must agree with `swift package dump-package` on real-world manifest shapes.
/// Each case runs SwiftPM once (about a second); they run in parallel.
@Suite struct DumpPackageAgreementTests {

    /// This repository's own root manifest joins the real-world shapes.
    static func manifest(named name: String) throws -> String? {
        if name == "this-repository" {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        }
        return ManifestCorpus.realWorldShapes[name]
    }

    /// The `testselect graph` JSON of a package read one way or the other.
    func graphJSON(_ declared: DeclaredPackage) -> String {
        let loaded = LoadedPackage(
            directory: "services/x", manifestFile: "Package.swift", reading: .staticReader,
            variants: [("Package.swift", declared)])
        let graph = ResolvedGraph.build(
            packages: [loaded], listing: FileListing(files: ["services/x/Sources/Core/a.swift"]),
            repositoryName: "r")
        return GraphJSONFormatter.format(graph)
    }

    @Test(arguments: ManifestCorpus.realWorldShapes.keys.sorted() + ["this-repository"])
    func staticReaderMatchesDumpPackage(_ name: String) throws {
        let text = try #require(try DumpPackageAgreementTests.manifest(named: name))
        try withTemporaryDirectory { directory in
            let packageDirectory = directory + "/" + name
            try FileManager.default.createDirectory(
                atPath: packageDirectory, withIntermediateDirectories: true)
            try text.write(toFile: packageDirectory + "/Package.swift", atomically: false, encoding: .utf8)
            let fromSwiftPM = try DumpPackageReader().read(packageDirectory: packageDirectory).get()
            let fromStatic = try StaticManifestReader.read(text, host: HostContext(environment: [:])).get()
                .package
            #expect(fromStatic == fromSwiftPM)
            #expect(graphJSON(fromStatic) == graphJSON(fromSwiftPM))
            if fromStatic != fromSwiftPM {
                for (a, b) in zip(fromStatic.targets, fromSwiftPM.targets) where a != b {
                    Issue.record("target differs:\n static: \(a)\n swiftpm: \(b)")
                }
                #expect(fromStatic.products == fromSwiftPM.products)
                #expect(fromStatic.dependencies == fromSwiftPM.dependencies)
            }
        }
    }
}
