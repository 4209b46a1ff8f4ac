import TestSelectSupport

extension ResolvedGraph {
    /// Links loaded packages into one graph.
    ///
    /// Complexity: O(P + T + E) for P packages, T targets and E declared dependencies (hash lookups).
    ///
    /// - Parameters:
    ///   - loaded: the packages of one repository state.
    ///   - listing: the files of that state (target directories follow SwiftPM's conventions).
    ///   - repositoryName: the repository directory's name (identity of a root package).
    public static func build(packages loaded: [LoadedPackage], listing: FileListing, repositoryName: String)
        -> ResolvedGraph
    {
        var graph = ResolvedGraph()
        for package in loaded.sorted(by: { $0.directory < $1.directory }) {
            graph.addPackage(package, listing: listing, repositoryName: repositoryName)
        }
        graph.dependencies = Array(repeating: [], count: graph.targets.count)
        for index in graph.packages.indices { graph.linkPackage(index) }
        graph.dependents = Array(repeating: [], count: graph.targets.count)
        for (source, edges) in graph.dependencies.enumerated() {
            for edge in edges where !graph.dependents[edge.target].contains(source) {
                graph.dependents[edge.target].append(source)
            }
        }
        graph.warnNamesThatAreNotPlain()
        graph.packageDependents = Array(repeating: [], count: graph.packages.count)
        for (index, package) in graph.packages.enumerated() {
            for dependency in package.packageDependencies {
                graph.packageDependents[dependency].append(index)
            }
        }
        return graph
    }

    /// A warning for every package and target name a pull request could use against a shell, a
    /// regular expression or a terminal (`NameSafety.isPlain`).
    private mutating func warnNamesThatAreNotPlain() {
        for package in packages {
            let manifest = RepoPath.join(package.directory, package.loaded.manifestFile)
            if !NameSafety.isPlain(package.name) {
                warnings.append(
                    NameSafety.warning(
                        kind: "package", name: package.name, package: package.directory, manifest: manifest))
            }
            for target in package.targets where targets[target].name != "*" {
                let name = targets[target].name
                guard !NameSafety.isPlain(name) else { continue }
                warnings.append(
                    NameSafety.warning(
                        kind: "target", name: name, package: package.directory, manifest: manifest))
            }
        }
    }

    private mutating func addPackage(_ loaded: LoadedPackage, listing: FileListing, repositoryName: String) {
        let index = packages.count
        let directoryName = loaded.directory == "." ? repositoryName : RepoPath.basename(loaded.directory)
        var package = Package(
            directory: loaded.directory, name: loaded.chosen?.name ?? directoryName,
            identity: directoryName.lowercased(), loaded: loaded, targets: [], packageDependencies: [],
            dependencyDirectories: [], layout: [:])
        packageIndex[loaded.directory] = index
        targetIndex.append([:])
        if loaded.isUnreadable {
            let root = SourceRoot(directory: loaded.directory, sources: nil, resources: [])
            targets.append(Target(package: index, name: "*", kind: .test, roots: [root], isOpaque: true))
            targetIndex[index]["*"] = targets.count - 1
            package.targets = [targets.count - 1]
        }
        var chosenSeen = false
        // Configurations of one manifest mostly differ in dependencies only: lay their targets out once.
        var layouts: [DeclaredPackage: [String: String?]] = [:]
        for variant in loaded.variants {
            let shape = DeclaredPackage(
                name: "", toolsVersion: variant.package.toolsVersion,
                targets: variant.package.targets.map {
                    DeclaredTarget(
                        name: $0.name, kind: $0.kind, path: $0.path, sources: $0.sources, exclude: $0.exclude)
                })
            let layout =
                layouts[shape]
                ?? TargetLayout.directories(of: variant.package, in: loaded.directory, listing: listing)
            layouts[shape] = layout
            // The first reading of the chosen manifest is what SwiftPM sees here; the others only add.
            if (variant.file == loaded.manifestFile && !chosenSeen) || package.layout.isEmpty {
                package.layout = layout
            }
            if variant.file == loaded.manifestFile { chosenSeen = true }
            for declared in variant.package.targets {
                let id: Int
                if let existing = targetIndex[index][declared.name] {
                    id = existing
                } else {
                    id = targets.count
                    targets.append(
                        Target(
                            package: index, name: declared.name, kind: declared.kind, roots: [],
                            isOpaque: false))
                    targetIndex[index][declared.name] = id
                    package.targets.append(id)
                }
                if case .some(.some(let relative)) = layout[declared.name] {
                    let root = SourceRoot(
                        directory: RepoPath.join(loaded.directory, relative), sources: declared.sources,
                        resources: declared.resources, exclude: declared.exclude)
                    if !targets[id].roots.contains(root) { targets[id].roots.append(root) }
                }
            }
        }
        packages.append(package)
    }

    /// What a `package:` argument of a product dependency refers to.
    private enum PackageReference {
        case inRepository(Int)
        case external
        case unknown
    }

    private mutating func linkPackage(_ index: Int) {
        let loaded = packages[index].loaded
        var packageDependencies: [Int] = []
        var chosenSeen = false
        for variant in loaded.variants {
            var resolved: [(DeclaredPackageDependency, Int?)] = []
            for dependency in variant.package.dependencies {
                let target = resolveDirectory(of: dependency, from: index)
                resolved.append((dependency, target))
                if let target, !packageDependencies.contains(target) { packageDependencies.append(target) }
            }
            if (variant.file == loaded.manifestFile && !chosenSeen)
                || packages[index].dependencyDirectories.isEmpty
            {
                packages[index].dependencyDirectories = resolved.map { $0.1.map { packages[$0].directory } }
            }
            if variant.file == loaded.manifestFile { chosenSeen = true }
            for declared in variant.package.targets {
                guard let source = targetIndex[index][declared.name] else { continue }
                for dependency in declared.dependencies {
                    for edge in edges(
                        for: dependency, in: index, dependencies: resolved, target: declared.name)
                    {
                        addEdge(from: source, edge)
                    }
                }
                for usage in declared.plugins {
                    for edge in edges(for: usage, in: index, dependencies: resolved, target: declared.name) {
                        addEdge(from: source, edge)
                    }
                }
            }
        }
        packages[index].packageDependencies = packageDependencies
    }

    private mutating func addEdge(from source: Int, _ edge: Edge) {
        if !dependencies[source].contains(edge) { dependencies[source].append(edge) }
    }

    private mutating func resolveDirectory(of dependency: DeclaredPackageDependency, from index: Int) -> Int?
    {
        // A path dependency, or a `url:` naming a repository on disk (`url: "../.."`), which SwiftPM
        // clones from that directory: a change there reaches the dependent all the same.
        let location: String
        switch dependency.kind {
        case .path:
            guard let path = dependency.path else { return nil }
            location = path
        case .url:
            guard let url = dependency.url, PackageIdentity.isLocalURL(url), !url.hasPrefix("/") else {
                return nil
            }
            location = url
        case .registry:
            return nil
        }
        let path = location
        let directory = RepoPath.join(packages[index].directory, path)
        if directory == ".." || directory.hasPrefix("../") { return nil }
        // An absolute path left after reading (paths into the repository are made relative then)
        // lies outside it, as when a repository uses testselect's plugin from a checkout beside it.
        if path.hasPrefix("/") {
            warnings.append(
                Diagnostic(
                    .note,
                    "'\(packages[index].directory)' depends on '\(path)', which lies outside the repository: treated as an external dependency",
                    package: packages[index].directory,
                    file: RepoPath.join(packages[index].directory, packages[index].loaded.manifestFile)))
            return nil
        }
        guard let target = packageIndex[directory] else {
            warnings.append(
                .warning(
                    "'\(packages[index].directory)' depends on '\(path)', which holds no package in this repository",
                    package: packages[index].directory,
                    file: RepoPath.join(packages[index].directory, packages[index].loaded.manifestFile)))
            return nil
        }
        return target
    }

    private func reference(
        _ name: String, dependencies: [(DeclaredPackageDependency, Int?)]
    ) -> PackageReference {
        for (dependency, target) in dependencies {
            let matches =
                dependency.identity == name.lowercased() || dependency.name == name
                || target.map { packages[$0].name == name } == true
            if matches { return target.map(PackageReference.inRepository) ?? .external }
        }
        return .unknown
    }

    /// The targets a product of package `index` stands for (every non-test target when unknown).
    private mutating func productTargets(_ product: String, of index: Int, requester: Int, kind: EdgeKind)
        -> [Edge]
    {
        let package = packages[index]
        if package.loaded.isUnreadable {
            return package.targets.map { Edge(target: $0, kind: .unreadablePackage, condition: nil) }
        }
        var names: [String] = []
        for variant in package.loaded.variants {
            for declared in variant.package.products where declared.name == product {
                for name in declared.targets where !names.contains(name) { names.append(name) }
            }
        }
        if names.isEmpty {
            warnings.append(
                .warning(
                    "'\(packages[requester].directory)' uses product '\(product)' of '\(package.directory)', which "
                        + "declares no such product; every target of '\(package.directory)' counts as a dependency",
                    package: packages[requester].directory))
            return package.targets.filter { !targets[$0].isSuite }.map {
                Edge(target: $0, kind: kind, condition: nil)
            }
        }
        return names.compactMap { name in
            targetIndex[index][name].map { Edge(target: $0, kind: kind, condition: nil) }
        }
    }

    private mutating func edges(
        for dependency: TargetDependency, in index: Int, dependencies: [(DeclaredPackageDependency, Int?)],
        target: String
    ) -> [Edge] {
        let condition = dependency.condition
        func withCondition(_ edges: [Edge]) -> [Edge] {
            edges.map { Edge(target: $0.target, kind: $0.kind, condition: condition) }
        }
        switch dependency {
        case .target(let name, _):
            if let local = targetIndex[index][name] {
                return [Edge(target: local, kind: .target, condition: condition)]
            }
            warnings.append(
                .warning(
                    "target '\(target)' of '\(packages[index].directory)' depends on unknown target '\(name)'",
                    package: packages[index].directory))
            return []
        case .byName(let name, _):
            if let local = targetIndex[index][name] {
                return [Edge(target: local, kind: .target, condition: condition)]
            }
            return withCondition(productAnywhere(name, dependencies: dependencies, requester: index))
        case .product(let name, let packageName, _):
            guard let packageName else {
                return withCondition(productAnywhere(name, dependencies: dependencies, requester: index))
            }
            switch reference(packageName, dependencies: dependencies) {
            case .inRepository(let other):
                return withCondition(productTargets(name, of: other, requester: index, kind: .product(name)))
            case .external:
                return []
            case .unknown:
                warnings.append(
                    .warning(
                        "target '\(target)' of '\(packages[index].directory)' uses product '\(name)' of package "
                            + "'\(packageName)', which is not among its dependencies",
                        package: packages[index].directory))
                return []
            }
        }
    }

    private mutating func edges(
        for usage: PluginUsage, in index: Int, dependencies: [(DeclaredPackageDependency, Int?)],
        target: String
    ) -> [Edge] {
        guard let packageName = usage.package else {
            if let local = targetIndex[index][usage.name] {
                return [Edge(target: local, kind: .plugin(usage.name), condition: nil)]
            }
            let local = productTargets(usage.name, of: index, requester: index, kind: .plugin(usage.name))
            return local
        }
        switch reference(packageName, dependencies: dependencies) {
        case .inRepository(let other):
            return productTargets(usage.name, of: other, requester: index, kind: .plugin(usage.name))
        case .external:
            return []
        case .unknown:
            warnings.append(
                .warning(
                    "target '\(target)' of '\(packages[index].directory)' uses plugin '\(usage.name)' of package "
                        + "'\(packageName)', which is not among its dependencies",
                    package: packages[index].directory))
            return []
        }
    }

    /// A by-name product: any in-repository dependency declaring it (an unreadable one might).
    private mutating func productAnywhere(
        _ name: String, dependencies: [(DeclaredPackageDependency, Int?)], requester: Int
    ) -> [Edge] {
        var result: [Edge] = []
        for case (_, let other?) in dependencies {
            let package = packages[other]
            if package.loaded.isUnreadable {
                result += package.targets.map { Edge(target: $0, kind: .unreadablePackage, condition: nil) }
                continue
            }
            let declares = package.loaded.variants.contains { variant in
                variant.package.products.contains { $0.name == name }
            }
            if declares {
                result += productTargets(name, of: other, requester: requester, kind: .product(name))
            }
        }
        return result
    }
}
