import Foundation
import TestSelectTestSupport
import Testing

@testable import TestSelectManifest

/// The kept static readings and toolchain versions under `.build/testselect/manifests/`: used when
/// everything a reading depends on is the same, never otherwise.
@Suite struct StaticReadingCacheTests {
    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation

        let local = ProcessInfo.processInfo.environment["APP_LOCAL_DEPS"] != nil
        let package = Package(
            name: "app",
            targets: [.target(name: local ? "Local" : "Remote"), .testTarget(name: "AppTests")])
        """

    static func targets(_ root: String, environment: [String: String], reader: String = "reader-1") throws
        -> [String]
    {
        let loader = ManifestLoader(
            dumpPackage: nil, host: HostContext(environment: environment), readerIdentity: reader)
        let snapshot = DirectorySnapshot(root: root)
        let listing = try snapshot.listing()
        let found = ManifestDiscovery.packages(in: listing, ignoring: { _ in false })
        let loaded = try loader.load(found, from: snapshot, repositoryRoot: root, listing: listing)
        return loaded.first?.variants.first?.package.targets.map(\.name) ?? []
    }

    static func entries(_ root: String) -> [String] {
        let directory = root + "/.build/testselect/manifests"
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("reading-") }.map { directory + "/" + $0 }
    }

    /// Rewrites the kept reading's first target name, so a later answer shows whether it came from
    /// the cache.
    static func forge(_ file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"AppTests\"", with: "\"FromCache\"").write(
            toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func anUnchangedManifestIsReadFromTheCacheAndAChangedOneAfresh() throws {
        try withTemporaryDirectory { root in
            try Self.manifest.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            #expect(try Self.targets(root, environment: [:]) == ["Remote", "AppTests"])
            let entry = try #require(Self.entries(root).first)
            try Self.forge(entry)
            #expect(try Self.targets(root, environment: [:]) == ["Remote", "FromCache"])
            // Another text: read again, whatever is kept for the old one.
            try (Self.manifest + "\n").write(
                toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            #expect(try Self.targets(root, environment: [:]) == ["Remote", "AppTests"])
        }
    }

    @Test func aVariableTheManifestReadsWithAnotherValueIsAMiss() throws {
        try withTemporaryDirectory { root in
            try Self.manifest.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            _ = try Self.targets(root, environment: [:])
            try Self.forge(try #require(Self.entries(root).first))
            #expect(try Self.targets(root, environment: ["APP_LOCAL_DEPS": "1"]) == ["Local", "AppTests"])
            // An unrelated variable does not matter.
            try Self.forge(try #require(Self.entries(root).first))
            #expect(
                try Self.targets(root, environment: ["APP_LOCAL_DEPS": "1", "HOME": "/elsewhere"])
                    == ["Local", "FromCache"])
        }
    }

    @Test func anotherReaderOrADamagedEntryIsAMiss() throws {
        try withTemporaryDirectory { root in
            try Self.manifest.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            _ = try Self.targets(root, environment: [:])
            try Self.forge(try #require(Self.entries(root).first))
            // A rebuilt testselect reads afresh.
            #expect(try Self.targets(root, environment: [:], reader: "reader-2") == ["Remote", "AppTests"])
            for entry in Self.entries(root) {
                let data = try #require(FileManager.default.contents(atPath: entry))
                #expect(FileManager.default.createFile(atPath: entry, contents: data.prefix(data.count / 2)))
            }
            #expect(try Self.targets(root, environment: [:], reader: "reader-2") == ["Remote", "AppTests"])
        }
    }

    @Test func aFailureIsKeptSoTheFallbackIsChosenWithoutARetry() throws {
        try withTemporaryDirectory { root in
            try ManifestCorpus.unevaluable.write(
                toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            let cache = try #require(StaticReadingCache(repositoryRoot: root, reader: "reader-1"))
            let host = HostContext(environment: [:])
            let digest = cache.digest(of: ManifestCorpus.unevaluable)
            #expect(cache.reading(digest: digest, text: ManifestCorpus.unevaluable, host: host) == nil)
            _ = try Self.targets(root, environment: [:])
            guard
                case .failure(let failure)? = cache.reading(
                    digest: digest, text: ManifestCorpus.unevaluable, host: host)
            else {
                Issue.record("expected the kept failure")
                return
            }
            #expect(
                failure.reason
                    == StaticManifestReader.read(ManifestCorpus.unevaluable, host: host).failureReason)
        }
    }

    @Test func theToolchainVersionIsAskedAgainOnlyForAnotherSwift() throws {
        try withTemporaryDirectory { root in
            let swift = root + "/bin/swift"
            let count = root + "/asked"
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            func install(_ version: String) throws {
                // Written from a child: a script this process writes itself can fail to start with
                // ETXTBSY while a test beside this one spawns (see writeExecutable).
                try writeExecutable(
                    "#!/bin/sh\necho x >> '\(count)'\necho 'Swift version \(version)'\n", to: swift)
            }
            func asked() -> Int {
                ((try? String(contentsOfFile: count, encoding: .utf8)) ?? "").split(separator: "\n").count
            }
            try install("6.3")
            let cache = ManifestCache(repositoryRoot: root)
            let reader = DumpPackageReader(swift: swift)
            #expect(cache.toolchainVersion(of: reader) == "Swift version 6.3")
            #expect(cache.toolchainVersion(of: reader) == "Swift version 6.3")
            #expect(asked() == 1)
            try install("6.30.1")
            #expect(cache.toolchainVersion(of: reader) == "Swift version 6.30.1")
            #expect(asked() == 2)
            #expect(ManifestCache.executableIdentity(of: root + "/bin/missing") == nil)
        }
    }
}

extension Result where Failure == StaticReadFailure {
    fileprivate var failureReason: String? {
        if case .failure(let failure) = self { return failure.reason }
        return nil
    }
}
