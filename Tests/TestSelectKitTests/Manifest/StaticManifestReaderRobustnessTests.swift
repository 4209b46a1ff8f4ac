import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

/// The static reader must finish on any input (truncated or damaged manifests included) and never
/// claim to have read a package when the text is broken in a way that matters.
@Suite struct StaticManifestReaderRobustnessTests {
    static let corpus = ManifestCorpus.realWorldShapes.keys.sorted().compactMap {
        ManifestCorpus.realWorldShapes[$0]
    }

    /// A truncated manifest is refused, or read as a package made of what the full one declares (it
    /// can end right after a complete statement): never as something else.
    @Test func truncatedManifestsAreRefusedOrReadAsAPartOfTheWhole() throws {
        let host = HostContext(environment: [:])
        for text in Self.corpus {
            let whole = try StaticManifestReader.read(text, host: host).get()
            let names = Set(whole.configurations.flatMap { $0.targets.map(\.name) })
            let characters = Array(text)
            for end in stride(from: 0, to: characters.count, by: 7) {
                guard
                    case .success(let part) = StaticManifestReader.read(
                        String(characters[..<end]), host: host)
                else { continue }
                for target in part.configurations.flatMap(\.targets) where !names.contains(target.name) {
                    Issue.record(
                        "a manifest cut at \(end) declares '\(target.name)', which the whole does not")
                }
            }
        }
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
        if case .success(let reading) = StaticManifestReader.read(text) {
            Issue.record("a truncated manifest was read as \(reading.package)")
        }
    }
}
