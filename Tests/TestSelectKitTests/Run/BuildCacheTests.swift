import Foundation
import TestSelectTestSupport
import Testing

@testable import TestSelectKit
@testable import TestSelectManifest
@testable import TestSelectSupport

/// The build cache's bookkeeping, without a build (`BuildCacheEndToEndTests` builds): pruning to the
/// size bound, least recently used first; abandoned saves removed only once they are old; file times
/// to the nanosecond.
@Suite struct BuildCacheTests {
    func entry(_ package: String, archive: String, bytes: Int64) -> BuildCache.Entry {
        BuildCache.Entry(
            package: package, path: "/checkout/" + package, toolchain: "swift 6.3", platform: "Linux x86_64",
            configuration: "debug", saved: Date(timeIntervalSince1970: 1_800_000_000), archive: archive,
            archiveBytes: bytes,
            files: [
                "a.swift": .init(
                    blob: "abc", time: FileTime(seconds: 1_800_000_000, nanoseconds: 123_456_789))
            ])
    }

    @Test func pruningKeepsTheMostRecentlyUsedEntriesWithinTheBoundAndOnlyOldAbandonedSaves() throws {
        try withTemporaryRepository { repo in
            let directory = repo.path(".build/cache")
            let now = Date(timeIntervalSince1970: 1_800_010_000)
            let cache = try BuildCache(
                directory: directory, root: repo.root, git: Git(root: repo.root), toolchain: "swift 6.3",
                platform: "Linux x86_64", limitBytes: 250, runner: SystemProcessRunner(), now: { now })
            // Three entries of 100 bytes, used at 1, 2 and 3 (seconds after `base`).
            let base = 1_800_000_000
            for (index, package) in ["one", "two", "three"].enumerated() {
                let folder = directory + "/" + package
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(count: 100).write(to: URL(fileURLWithPath: folder + "/k-\(package).tar"))
                try entry(package, archive: "k-\(package).tar", bytes: 100).serialized().write(
                    toFile: folder + "/k.json", atomically: true, encoding: .utf8)
                FileTime(seconds: base + index, nanoseconds: 0).set(on: folder + "/k.json")
            }
            // An abandoned save an hour and more old, and one that may still be running.
            let old = directory + "/one/.saving-old.tar"
            let recent = directory + "/one/.saving-recent.tar"
            for path in [old, recent] { try Data(count: 10).write(to: URL(fileURLWithPath: path)) }
            FileTime(seconds: Int(now.timeIntervalSince1970) - 7200, nanoseconds: 0).set(on: old)
            FileTime(seconds: Int(now.timeIntervalSince1970) - 60, nanoseconds: 0).set(on: recent)

            cache.prune()
            let manager = FileManager.default
            #expect(!manager.fileExists(atPath: directory + "/one/k.json"))
            #expect(!manager.fileExists(atPath: directory + "/one/k-one.tar"))
            #expect(manager.fileExists(atPath: directory + "/two/k.json"))
            #expect(manager.fileExists(atPath: directory + "/three/k-three.tar"))
            #expect(!manager.fileExists(atPath: old))
            #expect(manager.fileExists(atPath: recent))
        }
    }

    @Test func anEntryReadsBackAndFileTimesKeepTheirNanoseconds() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/entry.json"
            try entry("pkg", archive: "k-1.tar", bytes: 42).serialized().write(
                toFile: path, atomically: true, encoding: .utf8)
            let loaded = try BuildCache.Entry.load(path)
            #expect(loaded.archiveBytes == 42)
            #expect(
                loaded.files["a.swift"]?.time == FileTime(seconds: 1_800_000_000, nanoseconds: 123_456_789))
            // An archive name with a path in it is not an entry (it could point outside the cache).
            try entry("pkg", archive: "../k-1.tar", bytes: 42).serialized().write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: (any Error).self) { try BuildCache.Entry.load(path) }

            let file = directory + "/file"
            try Data().write(to: URL(fileURLWithPath: file))
            let time = FileTime(seconds: 1_700_000_000, nanoseconds: 987_654_321)
            #expect(time.set(on: file))
            #expect(FileTime.modification(of: file) == time)
        }
    }
}
