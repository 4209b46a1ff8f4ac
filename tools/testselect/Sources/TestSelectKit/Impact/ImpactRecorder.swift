import Foundation
import TestSelectManifest
import TestSelectSupport

/// Records impact maps: builds a package's tests with coverage, runs each test alone with its own
/// profile, and keeps, per test, the repository files it executed (`llvm-cov export -summary-only`:
/// a file with a covered line).
///
/// Tests run straight from the test bundle (`PkgPackageTests.xctest Module.Class/test`, and
/// `--testing-library swift-testing --filter` for Swift Testing: every argument of a parameterised
/// test in one run), in the package directory, `jobs` at a time. A test that fails alone, or leaves
/// no profile, is recorded without a map, so selection always runs it.
public struct ImpactRecorder: Sendable {
    /// The `swift` executable.
    public var swift: String
    /// `llvm-profdata`.
    public var profdata: String
    /// `llvm-cov`.
    public var cov: String
    /// Runs the processes.
    public var runner: any ProcessRunning
    /// The repository.
    public var git: Git
    /// Tests run at once.
    public var jobs: Int
    /// Progress lines.
    public var progress: @Sendable (String) -> Void
    /// How long one test may run alone before it is stopped (and kept without a map).
    public var timeout: Duration?
    /// What times `timeout`.
    public var clock: MonotonicClock = .continuous

    /// Creates a recorder.
    public init(
        swift: String, profdata: String, cov: String, runner: any ProcessRunning, git: Git, jobs: Int,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.swift = swift
        self.profdata = profdata
        self.cov = cov
        self.runner = runner
        self.git = git
        self.jobs = jobs
        self.progress = progress
    }

    /// The LLVM tools beside `swift` (the toolchain's own), else on `PATH`.
    public static func tools(swift: String, runner: any ProcessRunning) throws -> (
        profdata: String, cov: String
    ) {
        var directories: [String] = []
        let located =
            swift.contains("/")
            ? swift
            : (try? runner.run("/bin/sh", ["-c", "command -v \(swift)"], in: nil))?.stdoutText
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if !located.isEmpty {
            let resolved = URL(fileURLWithPath: located).resolvingSymlinksInPath().path
            directories.append((resolved as NSString).deletingLastPathComponent)
            directories.append((located as NSString).deletingLastPathComponent)
        }
        directories += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(
            String.init)
        func find(_ name: String) throws -> String {
            for directory in directories
            where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
                return directory + "/" + name
            }
            #if os(macOS)
                if let found = try? runner.run("xcrun", ["--find", name], in: nil), found.status == 0 {
                    return found.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            #endif
            throw ImpactError.missingTool(name)
        }
        return (try find("llvm-profdata"), try find("llvm-cov"))
    }

    /// Records one package (`directory` relative to the repository root) at the checked-out commit.
    public func record(
        package directory: String, commit: String, repository: [String], toolchain: String, platform: String,
        scratch: String, now: Date
    ) throws -> ImpactMap {
        let started = Date()
        let packagePath = directory == "." ? git.root : git.root + "/" + directory
        progress("\(directory): building the tests with coverage")
        let build = try runner.run(
            swift, ["build", "--build-tests", "--enable-code-coverage", "--package-path", packagePath],
            in: nil)
        guard build.status == 0 else {
            throw ImpactRecordingError.buildFailed(
                package: directory, output: Self.tail(build.stdoutText + build.stderr))
        }
        let binPath = try runner.run(
            swift, ["build", "--show-bin-path", "--enable-code-coverage", "--package-path", packagePath],
            in: nil
        ).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // Listing runs the instrumented bundle: its profile goes to the scratch directory, not into
        // the package as `default.profraw`.
        let listing = try runner.run(
            swift, ["test", "list", "--skip-build", "--enable-code-coverage", "--package-path", packagePath],
            in: nil, input: nil, environment: ["LLVM_PROFILE_FILE": scratch + "/list-%p.profraw"])
        guard listing.status == 0 else {
            throw ImpactRecordingError.listFailed(package: directory, output: Self.tail(listing.stderr))
        }
        let identifiers = Array(Set(TestInventory(listing: listing.stdoutText).identifiers)).sorted()
        guard !identifiers.isEmpty else {
            return ImpactMap(
                repository: repository, commit: commit, package: directory, toolchain: toolchain,
                platform: platform, recordedAt: Self.timestamp(now), seconds: 0, files: [], tests: [])
        }
        guard let bundle = Self.testBundle(in: binPath) else {
            throw ImpactRecordingError.noTestBundle(package: directory, directory: binPath)
        }
        progress("\(directory): running \(identifiers.count) tests one at a time, \(jobs) at once")
        let root = URL(fileURLWithPath: git.root).resolvingSymlinksInPath().path
        let done = Counter()
        let step = max(1, identifiers.count / 10)
        let results = ParallelMap.map(Array(identifiers.enumerated()), width: jobs) { index, identifier in
            let entry = run(
                identifier, number: index, bundle: bundle, packagePath: packagePath, scratch: scratch,
                root: root)
            let count = done.increment()
            if count % step == 0 || count == identifiers.count {
                progress("\(directory): \(count)/\(identifiers.count) tests")
            }
            return entry
        }
        var fileIndex: [String: Int] = [:]
        let allPaths = Set(results.flatMap { $0.paths ?? [] }).sorted()
        let blobs = try git.blobIDs(at: commit)
        var files: [ImpactMap.File] = []
        for path in allPaths {
            guard let blob = blobs[path] else { continue }  // generated or untracked: not a change source
            fileIndex[path] = files.count
            files.append(ImpactMap.File(path: path, blob: blob))
        }
        let tests = zip(identifiers, results).map { identifier, result in
            ImpactMap.Test(
                id: identifier, files: result.paths.map { $0.compactMap { fileIndex[$0] }.sorted() },
                note: result.note)
        }
        return ImpactMap(
            repository: repository, commit: commit, package: directory, toolchain: toolchain,
            platform: platform,
            recordedAt: Self.timestamp(now), seconds: (Date().timeIntervalSince(started) * 10).rounded() / 10,
            files: files, tests: tests)
    }

    /// Runs one test alone and reads the files its profile covers.
    private func run(
        _ identifier: String, number: Int, bundle: TestBundle, packagePath: String, scratch: String,
        root: String
    ) -> (paths: [String]?, note: String?) {
        // One directory per test, one profile per process ('%p'): a test that starts the package's
        // executables (a server, a command line) adds their coverage to its own.
        let profiles = scratch + "/\(number)"
        let merged = scratch + "/\(number).profdata"
        defer {
            try? FileManager.default.removeItem(atPath: profiles)
            try? FileManager.default.removeItem(atPath: merged)
        }
        try? FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
        let pattern = "^" + ModuleName.escaped(identifier) + "(/|$)"
        let arguments: [String]
        if bundle.runsThroughSwiftTest {
            arguments = ["test", "--skip-build", "--package-path", packagePath, "--filter", pattern]
        } else {
            arguments =
                identifier.hasSuffix(")")
                ? ["--testing-library", "swift-testing", "--filter", pattern] : [identifier]
        }
        // Its output goes to a log beside the profiles (the test's own output is not kept), and a
        // test still running after `timeout` is stopped.
        let process: LoggedProcess
        do {
            process = try LoggedProcess.launch(
                bundle.runsThroughSwiftTest ? swift : bundle.executable, arguments, in: packagePath,
                output: profiles + "/output.log", environment: ["LLVM_PROFILE_FILE": profiles + "/%p.profraw"]
            )
        } catch {
            return (nil, "could not run: \(error)")
        }
        let timer = timeout.map { StepTimer(process: process, limit: $0, clock: clock) }
        let watcher = ChildWatcher(root: process.pid, executables: bundle.executables)
        let exit = process.wait()
        let children = watcher.stop()
        if timer?.finish() == true, let timeout {
            return (
                nil,
                "still running after \(RunSummary.duration(PlainRunProgress.seconds(timeout))) alone ('--timeout'): stopped"
            )
        }
        guard exit.succeeded else { return (nil, "failed when run alone (exit status \(exit.status))") }
        // A process the test started with an environment of its own wrote its profile where it ran
        // (the package directory, as a rule): its coverage is lost, so the test has no sound map.
        let stray = packagePath + "/default.profraw"
        if FileManager.default.fileExists(atPath: stray) {
            try? FileManager.default.removeItem(atPath: stray)
            return (
                nil, "started a process whose coverage could not be collected (it replaced the environment)"
            )
        }
        // A child of the package's that ended without writing its profile (killed): what it
        // executed is unknown.
        for (pid, exe) in children.sorted(by: { $0.key < $1.key })
        where !FileManager.default.fileExists(atPath: profiles + "/\(pid).profraw") {
            return (
                nil,
                "started \(URL(fileURLWithPath: exe).lastPathComponent), which ended without writing its coverage (killed?)"
            )
        }
        let raw = ((try? FileManager.default.contentsOfDirectory(atPath: profiles)) ?? []).filter {
            $0.hasSuffix(".profraw")
        }.sorted().map { profiles + "/" + $0 }
        guard !raw.isEmpty else { return (nil, "left no coverage profile") }
        let objects = [bundle.object] + bundle.executables.flatMap { ["-object", $0] }
        guard
            let merge = try? runner.run(profdata, ["merge", "-sparse"] + raw + ["-o", merged], in: nil),
            merge.status == 0,
            let export = try? runner.run(
                cov, ["export", "-summary-only", "-instr-profile", merged] + objects, in: nil),
            export.status == 0
        else { return (nil, "its coverage profile could not be read") }
        guard let paths = Self.coveredFiles(export.stdout, root: root) else {
            return (nil, "llvm-cov's export could not be read")
        }
        return (paths, nil)
    }

    /// The repository files with a covered line in `llvm-cov export -summary-only` JSON.
    static func coveredFiles(_ json: Data, root: String) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let data = object["data"] as? [[String: Any]]
        else { return nil }
        var paths: Set<String> = []
        for export in data {
            for file in export["files"] as? [[String: Any]] ?? [] {
                guard let name = file["filename"] as? String,
                    let summary = file["summary"] as? [String: Any],
                    let lines = summary["lines"] as? [String: Any],
                    let covered = lines["covered"] as? Int, covered > 0,
                    let relative = relativePath(name, root: root)
                else { continue }
                paths.insert(relative)
            }
        }
        return paths.sorted()
    }

    /// A covered file's path relative to the repository root; nil outside it or under `.build`.
    static func relativePath(_ path: String, root: String) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
        guard resolved.hasPrefix(root + "/") else { return nil }
        let relative = String(resolved.dropFirst(root.count + 1))
        if relative.hasPrefix(".build/") || relative.contains("/.build/") { return nil }
        return relative
    }

    /// How to run a test bundle and which object holds its coverage mapping.
    struct TestBundle: Sendable {
        /// The bundle's executable (Linux: the bundle itself).
        var executable: String
        /// Whether a test runs through `swift test --skip-build --filter` instead (macOS, where the
        /// bundle is loaded by `xctest` and Swift Testing's runner).
        var runsThroughSwiftTest: Bool
        /// The binary `llvm-cov` reads.
        var object: String
        /// The package's executables beside it, which tests may start: `llvm-cov` reads their
        /// coverage mapping too.
        var executables: [String] = []
    }

    /// The package's test bundle in the build's bin directory.
    static func testBundle(in binPath: String) -> TestBundle? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
        guard let name = entries.sorted().first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            return nil
        }
        let path = binPath + "/" + name
        let executables = entries.sorted().filter { entry in
            var isDirectory: ObjCBool = false
            let full = binPath + "/" + entry
            return entry != name && !entry.contains(".") && FileManager.default.isExecutableFile(atPath: full)
                && FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.map { binPath + "/" + $0 }
        #if os(macOS)
            let binary = path + "/Contents/MacOS/" + String(name.dropLast(".xctest".count))
            return TestBundle(
                executable: binary, runsThroughSwiftTest: true, object: binary, executables: executables)
        #else
            return TestBundle(
                executable: path, runsThroughSwiftTest: false, object: path, executables: executables)
        #endif
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func tail(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
    }
}

/// Why a package could not be recorded.
public enum ImpactRecordingError: Error, CustomStringConvertible {
    case buildFailed(package: String, output: String)
    case listFailed(package: String, output: String)
    case noTestBundle(package: String, directory: String)

    public var description: String {
        switch self {
        case .buildFailed(let package, let output):
            return
                "'\(package)' did not build with coverage ('swift build --build-tests --enable-code-coverage'):\n\(output)"
        case .listFailed(let package, let output):
            return "'swift test list' failed in '\(package)':\n\(output)"
        case .noTestBundle(let package, let directory):
            return "no '*PackageTests.xctest' bundle of '\(package)' in '\(directory)'"
        }
    }
}

/// A counter shared by concurrent workers.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
