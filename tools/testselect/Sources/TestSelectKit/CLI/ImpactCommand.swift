import Foundation
import TestSelectManifest
import TestSelectSupport

/// `testselect impact record`: record which files each test executes, for `--impact`.
public struct ImpactCommand: TestSelectCommand {
    public static let configuration = CommandConfiguration(
        name: "impact",
        abstract:
            "Record an impact map: the files each test executes, so '--impact' runs only the tests a change reaches.",
        discussion: """
            'testselect impact record' builds each chosen package's tests with coverage
            ('swift build --build-tests --enable-code-coverage', in the package's own .build, so the next
            ordinary build of it compiles again), lists them, runs every test alone with its own profile
            (an XCTest method; a Swift Testing function with all its arguments), and keeps the repository
            files each one executed, keyed by the commit and each file's blob id. A test that fails alone
            is kept without a map: selection always runs it. The map is one JSON file per package in
            DIR, each written whole (a temporary file, then a rename), for a CI cache to keep.

            Record on a clean checkout of the commit (uncommitted changes to tracked files are refused).
            Then 'testselect --impact DIR', 'run --impact DIR' and 'explain ... --impact DIR' select, inside
            each suite chosen as usual, only the tests whose recorded files changed between the map's
            commit and the head; a suite runs whole whenever the map cannot answer (each rule is named in
            the output).

            EXAMPLES:
              testselect impact record --output .build/impact
              testselect impact record --packages packages/es-models,. --jobs 2
              testselect run --base origin/main --impact .build/impact
            """)

    /// The action word.
    @Positional("action", help: "'record'.") public var action: String?
    /// `--repo`.
    public var repository = RepositoryOption()
    /// The packages to record.
    @Option(
        "--packages", value: "dirs",
        help: "Comma-separated package directories to record (default: every package with tests).")
    public var packagesText: String?
    /// Where the maps go.
    @Option(value: "dir", help: "Where the maps go (default: .build/testselect/impact).") public var output:
        String?
    /// Tests run at once.
    @Option(value: "n", in: 1..., help: "Tests run at once (default: the number of cores).") public var jobs:
        Int?
    /// How long a test may run alone.
    @Option(
        value: "seconds",
        help: "Stop a test still running alone after this long; it is kept without a map.",
        expected: "a number of seconds above 0",
        convert: { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
    public var timeout: Double = 600
    /// `--no-dump-package`.
    public var dumpPackage = DumpPackageOption()

    public init() {}

    public func validate() throws {
        guard let action else {
            throw UsageError.missingArgument("<action> ('record')")
        }
        guard action == "record" else {
            throw UsageError.invalidValue(option: "<action>", value: action, expected: "'record'")
        }
        for (name, value) in [
            ("--output", output), ("--packages", packagesText), ("--repo", repository.path),
        ] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError.invalidValue(option: name, value: value, expected: "a non-empty value")
            }
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let options = SelectionOptions()
        options.repository = repository.path
        options.noDumpPackage = dumpPackage.isOff
        let workspace = try options.workspace(in: context)
        guard let git = workspace.git else { throw ImpactError.needsGit(workspace.root) }
        let dirty = try context.runner.run(
            "git", ["status", "--porcelain", "--untracked-files=no"], in: workspace.root)
        guard dirty.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ImpactCommandError.uncommittedChanges(
                dirty.stdoutText.split(separator: "\n").prefix(5).map { String($0) })
        }
        let snapshot = try workspace.headSnapshot(revision: nil)
        let config = try workspace.config(of: snapshot)
        let graph = try workspace.graph(of: snapshot, config: config, requirePackages: true)
        let withTests = RunPlan(everythingIn: graph).jobs.map(\.directory)
        var packages = withTests
        if let packagesText {
            packages = packagesText.split(separator: ",").map {
                RepoPath.normalize($0.trimmingCharacters(in: .whitespaces))
            }
            for package in packages where !withTests.contains(package) {
                throw ImpactError.unknownPackage(package, known: withTests)
            }
        }
        guard let commit = try git.commit("HEAD") else { throw GitError.unknownRevision("HEAD") }
        let directory = Workspace.absolute(
            output ?? workspace.root + "/.build/testselect/impact", from: context.currentDirectory)
        let tools = try ImpactRecorder.tools(swift: context.swift, runner: context.runner)
        let errors = context.errors
        var recorder = ImpactRecorder(
            swift: context.swift, profdata: tools.profdata, cov: tools.cov, runner: context.runner, git: git,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            progress: { errors.write("impact: \(NameSafety.visible($0))\n") })
        recorder.timeout = .seconds(timeout)
        recorder.clock = context.clock
        let repository = try git.rootCommits()
        let toolchain = context.swiftVersion()
        let scratch =
            workspace.root + "/.build/testselect/impact-profiles-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let started = Date()
        var failed: [String] = []
        for package in packages {
            do {
                let map = try recorder.record(
                    package: package, commit: commit, repository: repository, toolchain: toolchain,
                    platform: ResultCacheSession.platform, scratch: scratch, now: context.now())
                try map.write(to: directory)
                let path = directory + "/" + ImpactMap.fileName(package: package)
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
                    .intValue ?? 0
                let unmapped = map.tests.filter { $0.files == nil }.count
                context.output.write(
                    NameSafety.visible(
                        "\(package): \(map.tests.count) tests"
                            + (unmapped > 0 ? " (\(unmapped) without a map: they always run)" : "")
                            + ", \(map.files.count) files, \(ImpactCommand.bytes(size)), \(RunSummary.duration(map.seconds))"
                    ) + "\n")
            } catch {
                failed.append(package)
                context.errors.write("testselect: error: \(NameSafety.visible("\(error)"))\n")
            }
        }
        let total =
            (try? FileManager.default.contentsOfDirectory(atPath: directory))?.reduce(0) { sum, name in
                sum
                    + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size]
                        as? NSNumber)?
                        .intValue ?? 0)
            } ?? 0
        context.output.write(
            "recorded \(packages.count - failed.count) of \(packages.count) packages at \(commit.prefix(10)) in \(RunSummary.duration(Date().timeIntervalSince(started))); "
                + "\(NameSafety.visible(directory)) holds \(ImpactCommand.bytes(total))\n")
        return failed.isEmpty ? 0 : 1
    }

    static func bytes(_ count: Int) -> String {
        if count < 1024 { return "\(count) B" }
        if count < 1024 * 1024 { return "\(count / 1024) KB" }
        return String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}

/// Why `impact record` refuses to start.
enum ImpactCommandError: Error, CustomStringConvertible, BadInputError {
    case uncommittedChanges([String])

    var description: String {
        switch self {
        case .uncommittedChanges(let lines):
            return
                "the working tree has uncommitted changes (\(lines.joined(separator: "; "))); an impact map records a commit: commit or stash them first"
        }
    }

    var isBadInput: Bool { true }
}
