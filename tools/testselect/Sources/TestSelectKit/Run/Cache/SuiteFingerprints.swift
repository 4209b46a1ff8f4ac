import TestSelectManifest
import TestSelectSupport

/// Everything that can change a test suite's outcome, named: every input and the git object id (or
/// text) it has now. Two runs with the same inputs run the same tests on the same code.
///
/// The inputs of a suite: every file owned by a target in its dependency closure (sources,
/// resources, plugins, files under its package's `Tests/` that no target owns) and every extra input
/// `.testselect.json` gives those targets; the manifests and `Package.resolved` of every package the
/// suite's package depends on, itself included; the global files; the toolchain (`swift --version`),
/// the platform and the test command.
public struct SuiteInputs: Sendable, Hashable {
    /// `file:<path>`, `manifest:<path>`, `global:<path>`, `suite`, `toolchain`, `platform`, `command`
    /// to value.
    public var values: [String: String]

    /// Inputs with these values.
    public init(values: [String: String]) {
        self.values = values
    }

    /// The SHA-256 of the inputs, sorted.
    public var fingerprint: String {
        SHA256.hex(values.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined())
    }

    /// The inputs that differ from `earlier`'s: changed, added (new here) and removed (gone here).
    public func differences(from earlier: SuiteInputs) -> [String] {
        var result: [String] = []
        for key in Set(values.keys).union(earlier.values.keys).sorted() {
            switch (earlier.values[key], values[key]) {
            case (let before?, let now?) where before != now: result.append("changed \(key)")
            case (nil, _?): result.append("added \(key)")
            case (_?, nil): result.append("removed \(key)")
            default: continue
            }
        }
        return result
    }
}

/// Computes `SuiteInputs` for the suites of one repository state.
public struct SuiteFingerprints: Sendable {
    let graph: ResolvedGraph
    let blobIDs: [String: String]
    let environmentValues: [String: String]
    /// Files of each target (by target index).
    private var filesOfTarget: [Int: [String]] = [:]
    private var globalFiles: [String] = []
    /// Manifests and `Package.resolved` files, by package directory.
    private var manifestsOfDirectory: [String: [String]] = [:]

    /// Prepares fingerprints.
    ///
    /// - Parameters:
    ///   - graph: the working tree's graph.
    ///   - config: `.testselect.json` (extra inputs, global files).
    ///   - files: every file of the working tree (tracked and untracked, not ignored).
    ///   - toolchain: what `swift --version` prints.
    ///   - platform: the operating system and architecture.
    ///   - blobIDs: the git object ids of the files that are some suite's input
    ///     (`Git.workingTreeBlobIDs(of:)`).
    public init(
        graph: ResolvedGraph, config: TestSelectConfig, files: [String], toolchain: String, platform: String,
        blobIDs: (Set<String>) throws -> [String: String]
    ) rethrows {
        self.graph = graph
        self.environmentValues = ["toolchain": toolchain, "platform": platform]
        let ownership = FileOwnership(graph: graph)
        var inputs: Set<String> = []
        for path in Set(files).sorted() {
            if config.isGlobal(path) {
                globalFiles.append(path)
                inputs.insert(path)
            }
            let name = RepoPath.basename(path)
            if ManifestDiscovery.isManifestName(name) || name == "Package.resolved" {
                manifestsOfDirectory[RepoPath.parent(path), default: []].append(path)
                inputs.insert(path)
            }
            let location = ownership.locate(path)
            for owner in location.owners {
                filesOfTarget[owner, default: []].append(path)
                inputs.insert(path)
            }
            for package in location.testsTrees {
                for target in graph.packages[package].targets where graph.targets[target].isSuite {
                    filesOfTarget[target, default: []].append(path)
                    inputs.insert(path)
                }
            }
            for reference in config.extraInputTargets(of: path) {
                if let target = Selector.target(reference, in: graph) {
                    filesOfTarget[target, default: []].append(path)
                    inputs.insert(path)
                }
            }
        }
        self.blobIDs = try blobIDs(inputs)
    }

    /// The inputs of the suite `target` of the package in `directory`, run by `command`.
    public func inputs(directory: String, target: String, command: String) -> SuiteInputs? {
        guard let package = graph.package(at: directory),
            let suite = graph.target(named: target, inPackage: package)
        else { return nil }
        var values = environmentValues
        values["suite"] = "\(directory):\(target)"
        values["command"] = command
        let closure = GraphAlgorithms.breadthFirst(from: [suite], nodeCount: graph.targets.count) {
            graph.dependencies[$0].map(\.target)
        }
        var packages: Set<Int> = [package]
        for node in graph.targets.indices where closure.reached(node) {
            packages.insert(graph.targets[node].package)
            for file in filesOfTarget[node] ?? [] { values["file:\(file)"] = blobIDs[file] ?? "missing" }
        }
        let packageClosure = GraphAlgorithms.breadthFirst(
            from: Array(packages), nodeCount: graph.packages.count
        ) {
            graph.packages[$0].packageDependencies
        }
        for index in graph.packages.indices where packageClosure.reached(index) {
            for path in manifestsOfDirectory[graph.packages[index].directory] ?? [] {
                values["manifest:\(path)"] = blobIDs[path]
            }
        }
        for file in globalFiles { values["global:\(file)"] = blobIDs[file] }
        return SuiteInputs(values: values)
    }
}
