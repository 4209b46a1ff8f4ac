import Foundation
import TestSelectManifest
import TestSelectSupport

/// Package `.build` directories kept between CI runs (`testselect run --build-cache DIR`), so a fresh
/// runner compiles only what changed.
///
/// A checkout gives every file a new modification time, and SwiftPM's build (llbuild, the Swift
/// driver's incremental mode) trusts times: a `.build` restored onto a fresh clone recompiles almost
/// everything. So an entry also records, for every file git tracks, its git blob id and modification
/// time when the entry was saved; after restoring, each file whose blob id (of the working tree, as on
/// disk) is still the recorded one gets the recorded time back, and only files that really changed
/// look new. A file that changed, is new, or is not tracked keeps its fresh time and is rebuilt.
///
/// An entry is for one package at one absolute path (a `.build` holds absolute paths), one toolchain
/// (`swift --version`), one platform and the debug configuration: `DIR/<package>/<key>.json` names its
/// archive `DIR/<package>/<key>-<id>.tar`, written first under a temporary name and renamed, the JSON
/// renamed last, so a save killed half way leaves no entry, and concurrent runners each leave a whole
/// one. An archive whose size is not the recorded one, or that `tar` cannot read, is ignored with a
/// warning and the package builds from scratch. Only a package without a `.build` is restored (a
/// developer's own build is never replaced). Entries beyond `limitBytes` in all are pruned, least
/// recently used first.
public final class BuildCache: Sendable {
    /// The schema name of an entry's JSON.
    public static let schema = "testselect-build-cache/1"
    /// The configuration `testselect run` builds.
    public static let configuration = "debug"
    /// What an archive leaves out of `.build`: testselect's own logs and records, virtual
    /// environments, SourceKit-LSP's separate build; nothing a later `swift build` reads (the index
    /// store stays: the build checks the files it wrote there).
    public static let excluded = [
        ".build/testselect", ".build/ci-venv", ".build/stress", ".build/index-build",
    ]

    /// The cache directory (absolute).
    public let directory: String
    /// The repository root (absolute).
    public let root: String
    /// `swift --version`.
    public let toolchain: String
    /// The operating system and architecture.
    public let platform: String
    /// The most the entries may hold, in bytes.
    public let limitBytes: Int64
    private let git: Git
    private let runner: any ProcessRunning
    private let now: @Sendable () -> Date
    private let pruning = NSLock()

    /// Opens (creating) the cache directory and checks that it can be written.
    ///
    /// - Throws: `RunError.buildCacheUnusable` (bad usage: exit 64) when it cannot be created or
    ///   written, before anything builds.
    public init(
        directory: String, root: String, git: Git, toolchain: String, platform: String, limitBytes: Int64,
        runner: any ProcessRunning, now: @escaping @Sendable () -> Date
    ) throws {
        self.directory = directory
        self.root = root
        self.git = git
        self.toolchain = toolchain
        self.platform = platform
        self.limitBytes = limitBytes
        self.runner = runner
        self.now = now
        let probe = directory + "/.probe-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: probe))
            try FileManager.default.removeItem(atPath: probe)
        } catch {
            throw RunError.buildCacheUnusable(path: directory, reason: "\(error)")
        }
    }

    /// The key of a package's entry: its toolchain, platform, configuration and absolute path.
    public func key(package: String) -> String {
        String(
            SHA256.hex(
                [BuildCache.schema, toolchain, platform, BuildCache.configuration, packagePath(package)]
                    .joined(
                        separator: "\n")
            ).prefix(24))
    }

    private func packagePath(_ package: String) -> String {
        package == "." ? root : root + "/" + package
    }

    private func folder(_ package: String) -> String {
        directory + "/" + (package == "." ? "root" : package.replacingOccurrences(of: "/", with: "-"))
    }

    // MARK: Restoring

    /// Restores the package's `.build` from its entry, when it has none, and gives unchanged files
    /// their recorded times back. Returns what happened, for the log; never throws: a cache that
    /// cannot help leaves a cold build.
    public func restore(package: String) -> String {
        let build = packagePath(package) + "/.build"
        if FileManager.default.fileExists(atPath: build) {
            return "build cache: kept the existing .build (only a package without one is restored)"
        }
        let key = key(package: package)
        let entryPath = folder(package) + "/" + key + ".json"
        guard let entry = try? Entry.load(entryPath) else {
            return "build cache: no entry for this package here: " + whyNoEntry(package: package)
        }
        let archive = folder(package) + "/" + entry.archive
        let size = (try? FileManager.default.attributesOfItem(atPath: archive)[.size] as? NSNumber)?
            .int64Value
        guard size == entry.archiveBytes else {
            return
                "warning: build cache: ignored a damaged entry (\(entry.archive) holds \(size.map(String.init) ?? "nothing") bytes, \(entry.archiveBytes) were saved); building from scratch"
        }
        let extracted = try? runner.run(
            "tar", ["-x", "-f", archive, "-C", packagePath(package)], in: nil, input: nil, environment: [:])
        guard let extracted, extracted.status == 0 else {
            try? FileManager.default.removeItem(atPath: build)
            let reason =
                extracted.map { $0.stderr.trimmingCharacters(in: .whitespacesAndNewlines) }
                ?? "tar did not start"
            return "warning: build cache: ignored an unreadable entry (\(reason)); building from scratch"
        }
        let current = (try? git.workingTreeBlobIDs(of: Set(entry.files.keys))) ?? [:]
        var unchanged = 0
        var changed: [String] = []
        for (path, recorded) in entry.files {
            if current[path] == recorded.blob, recorded.time.set(on: root + "/" + path) {
                unchanged += 1
            } else {
                changed.append(path)
            }
        }
        // Least recently used goes first when pruning.
        FileTime(seconds: Int(now().timeIntervalSince1970), nanoseconds: 0).set(on: entryPath)
        let shown = changed.sorted().prefix(5).joined(separator: ", ") + (changed.count > 5 ? ", ..." : "")
        return
            "build cache: restored .build (saved \(ISO8601DateFormatter().string(from: entry.saved))): \(unchanged) files as they were, \(changed.count) changed since"
            + (changed.isEmpty ? "" : " (\(shown))")
    }

    /// Why no entry fits: the entries of this package that exist, and what differs.
    private func whyNoEntry(package: String) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(package))) ?? []
        let others = names.filter { $0.hasSuffix(".json") }.compactMap {
            try? Entry.load(folder(package) + "/" + $0)
        }
        guard let other = others.max(by: { $0.saved < $1.saved }) else { return "none saved yet" }
        var differences: [String] = []
        if other.toolchain != toolchain { differences.append("another toolchain") }
        if other.platform != platform { differences.append("another platform (\(other.platform))") }
        if other.path != packagePath(package) { differences.append("another checkout path (\(other.path))") }
        if other.configuration != BuildCache.configuration { differences.append("another configuration") }
        return "\(others.count) saved for "
            + (differences.isEmpty ? "another key" : differences.joined(separator: ", ")) + ", not used"
    }

    // MARK: Saving

    /// Saves the package's `.build` after a build that succeeded; returns what happened, for the log.
    public func save(package: String) -> String {
        let folder = folder(package)
        let key = key(package: package)
        let id = UUID().uuidString
        let temporary = folder + "/.saving-" + id + ".tar"
        let archiveName = key + "-" + id + ".tar"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The files' ids and times now, after the build: what the build read, unless a file
            // changed since (then its time differs from the build's record and it is rebuilt).
            let tracked = try git.workingTreeFiles().tracked
            let ids = try git.workingTreeBlobIDs(of: Set(tracked))
            var files: [String: Entry.File] = [:]
            for (path, blob) in ids {
                guard let time = FileTime.modification(of: root + "/" + path) else { continue }
                files[path] = Entry.File(blob: blob, time: time)
            }
            // The cache itself, when it lies in this package's `.build` (the root package's, often).
            var excluded = BuildCache.excluded
            if let inside = RepoPath.relative(directory, to: packagePath(package)),
                inside.hasPrefix(".build/")
            {
                excluded.append(inside)
            }
            let arguments =
                ["-c", "-f", temporary] + excluded.map { "--exclude=" + $0 } + [
                    "-C", packagePath(package), ".build",
                ]
            let archived = try runner.run("tar", arguments, in: nil, input: nil, environment: [:])
            guard archived.status == 0 else {
                throw RunError.cannotWrite(
                    path: temporary, reason: archived.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let bytes =
                (try FileManager.default.attributesOfItem(atPath: temporary)[.size] as? NSNumber)?
                .int64Value ?? 0
            try FileManager.default.moveItem(atPath: temporary, toPath: folder + "/" + archiveName)
            let entryPath = folder + "/" + key + ".json"
            let previous = try? Entry.load(entryPath)
            let entry = Entry(
                package: package, path: packagePath(package), toolchain: toolchain, platform: platform,
                configuration: BuildCache.configuration, saved: now(), archive: archiveName,
                archiveBytes: bytes,
                files: files)
            try entry.serialized().write(toFile: entryPath, atomically: true, encoding: .utf8)
            if let previous, previous.archive != archiveName {
                try? FileManager.default.removeItem(atPath: folder + "/" + previous.archive)
            }
            prune()
            return "build cache: saved .build (\(BuildCache.size(bytes)), \(files.count) files' times)"
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return "warning: build cache: not saved: \(error)"
        }
    }

    /// Deletes entries, least recently used first, until all of them hold at most `limitBytes`;
    /// also archives no entry names and abandoned temporary files older than an hour.
    func prune() {
        pruning.lock()
        defer { pruning.unlock() }
        let manager = FileManager.default
        var entries: [(json: String, archive: String, bytes: Int64, used: Date)] = []
        var referenced: Set<String> = []
        var loose: [(path: String, modified: Date)] = []
        for package in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            let folder = directory + "/" + package
            for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                let modified =
                    (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                if name.hasSuffix(".json"), let entry = try? Entry.load(path) {
                    entries.append((path, folder + "/" + entry.archive, entry.archiveBytes, modified))
                    referenced.insert(folder + "/" + entry.archive)
                } else if name.hasSuffix(".tar") {
                    loose.append((path, modified))
                }
            }
        }
        let hourAgo = now().addingTimeInterval(-3600)
        for file in loose where !referenced.contains(file.path) && file.modified < hourAgo {
            try? manager.removeItem(atPath: file.path)
        }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > limitBytes {
            try? manager.removeItem(atPath: entry.json)
            try? manager.removeItem(atPath: entry.archive)
            total -= entry.bytes
        }
    }

    /// `1.2 GB`, `240 MB`.
    static func size(_ bytes: Int64) -> String {
        let megabytes = Double(bytes) / 1_000_000
        return megabytes >= 1000
            ? String(format: "%.1f GB", megabytes / 1000) : String(format: "%.0f MB", megabytes)
    }
}

extension BuildCache {
    /// One saved `.build`: what it is for, its archive, and the tracked files' ids and times.
    struct Entry: Sendable {
        struct File: Sendable {
            var blob: String
            var time: FileTime
        }

        var package: String
        var path: String
        var toolchain: String
        var platform: String
        var configuration: String
        var saved: Date
        var archive: String
        var archiveBytes: Int64
        var files: [String: File]

        static func load(_ path: String) throws -> Entry {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let json = try JSONValue.parse(text)
            guard json["schema"]?.stringValue == BuildCache.schema,
                let package = json["package"]?.stringValue, let checkout = json["path"]?.stringValue,
                let toolchain = json["toolchain"]?.stringValue, let platform = json["platform"]?.stringValue,
                let configuration = json["configuration"]?.stringValue,
                let saved = json["saved"]?.stringValue.flatMap({ ISO8601DateFormatter().date(from: $0) }),
                let archive = json["archive"]?.stringValue, !archive.contains("/"),
                case .number(let bytes)? = json["archive_bytes"], let members = json["files"]?.objectValue
            else { throw RunError.cannotWrite(path: path, reason: "not a build cache entry") }
            var files: [String: File] = [:]
            for (file, value) in members {
                guard let parts = value.arrayValue, parts.count == 3, let blob = parts[0].stringValue,
                    case .number(let seconds) = parts[1], case .number(let nanoseconds) = parts[2]
                else { continue }
                files[file] = File(
                    blob: blob, time: FileTime(seconds: Int(seconds), nanoseconds: Int(nanoseconds)))
            }
            return Entry(
                package: package, path: checkout, toolchain: toolchain, platform: platform,
                configuration: configuration, saved: saved, archive: archive, archiveBytes: Int64(bytes),
                files: files)
        }

        func serialized() -> String {
            let members = files.sorted { $0.key < $1.key }.map { path, file -> (String, JSONValue) in
                (
                    path,
                    .array([
                        .string(file.blob), .number(Double(file.time.seconds)),
                        .number(Double(file.time.nanoseconds)),
                    ])
                )
            }
            return JSONValue.object([
                ("schema", .string(BuildCache.schema)), ("package", .string(package)),
                ("path", .string(path)),
                ("toolchain", .string(toolchain)), ("platform", .string(platform)),
                ("configuration", .string(configuration)),
                ("saved", .string(ISO8601DateFormatter().string(from: saved))), ("archive", .string(archive)),
                ("archive_bytes", .number(Double(archiveBytes))), ("files", .object(members)),
            ]).serialized() + "\n"
        }
    }
}
