import TestSelectManifest
import Testing

@Suite struct ManifestDiscoveryTests {
    @Test func findsManifestsAndVariantsOutsideBuildDirectories() {
        let listing = FileListing(files: [
            "Package.swift", "services/a/Package.swift", "services/a/Package@swift-6.0.swift",
            "services/a/Package@swift-5.9.swift", "services/a/Sources/A/a.swift",
            "only-variant/Package@swift-6.swift",
            ".build/checkouts/dep/Package.swift", "x/.swiftpm/y/Package.swift", "x/checkouts/z/Package.swift",
            "docs/Package.swift.md", "Package@swift-notaversion.swift",
        ])
        let found = ManifestDiscovery.packages(in: listing)
        #expect(found.map(\.directory) == [".", "only-variant", "services/a"])
        #expect(
            found[2].manifests == ["Package.swift", "Package@swift-5.9.swift", "Package@swift-6.0.swift"])
        #expect(listing.isDirectory("services/a/Sources"))
        #expect(!listing.isDirectory("services/b"))
    }
}
