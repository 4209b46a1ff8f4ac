import TestSelectBenchmark
import TestSelectKit
import Testing

/// The static reader must finish on any input (truncated or damaged manifests included) and never
/// claim to have read a package when the text is broken in a way that matters.
@Suite struct StaticManifestReaderRobustnessTests {
    static let corpus = DumpPackageAgreementTests.manifests.keys.sorted().compactMap {
        DumpPackageAgreementTests.manifests[$0]
    }

    @Test func truncatedManifestsAreHandled() {
        var outcomes = 0
        for text in Self.corpus {
            let characters = Array(text)
            for end in stride(from: 0, to: characters.count, by: 7) {
                _ = StaticManifestReader.read(String(characters[..<end]))
                outcomes += 1
            }
        }
        #expect(outcomes > 100)
    }

    @Test func damagedManifestsAreHandled() {
        var generator = SplitMix64(seed: 42)
        let replacements: [Character] = [
            "(", ")", "[", "]", "{", "}", "\"", "#", "\\", ".", ",", ":", "=", "\n", "/", "*",
        ]
        for text in Self.corpus {
            var characters = Array(text)
            for _ in 0..<200 {
                let index = Int(generator.next() % UInt64(characters.count))
                characters[index] = replacements[Int(generator.next() % UInt64(replacements.count))]
                _ = StaticManifestReader.read(String(characters))
            }
        }
    }

    @Test func aDamagedTargetListIsNeverReadAsAnEmptyOne() {
        let text = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B", dependencies: ["A"]
            """
        if case .success(let package) = StaticManifestReader.read(text) {
            Issue.record("a truncated manifest was read as \(package)")
        }
    }
}
