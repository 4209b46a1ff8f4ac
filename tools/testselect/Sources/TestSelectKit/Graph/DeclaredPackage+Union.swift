extension DeclaredPackage {
    /// The union of the packages one manifest declares in different configurations: every target,
    /// product and dependency any of them declares; a target's dependencies, plugins, resources and
    /// sources are the union of its declarations, its excludes what all of them exclude.
    ///
    /// A superset for selection: a file or an edge any configuration has is there.
    public static func union(_ packages: [DeclaredPackage]) -> DeclaredPackage {
        guard var result = packages.first else {
            return DeclaredPackage(name: "", toolsVersion: .missingLine)
        }
        for other in packages.dropFirst() where other != result {
            for product in other.products {
                if let index = result.products.firstIndex(where: { $0.name == product.name }) {
                    for target in product.targets where !result.products[index].targets.contains(target) {
                        result.products[index].targets.append(target)
                    }
                } else {
                    result.products.append(product)
                }
            }
            for dependency in other.dependencies where !result.dependencies.contains(dependency) {
                result.dependencies.append(dependency)
            }
            for target in other.targets {
                guard let index = result.targets.firstIndex(where: { $0.name == target.name }) else {
                    result.targets.append(target)
                    continue
                }
                var merged = result.targets[index]
                for dependency in target.dependencies where !merged.dependencies.contains(dependency) {
                    merged.dependencies.append(dependency)
                }
                for plugin in target.plugins where !merged.plugins.contains(plugin) {
                    merged.plugins.append(plugin)
                }
                for resource in target.resources where !merged.resources.contains(resource) {
                    merged.resources.append(resource)
                }
                merged.exclude = merged.exclude.filter(target.exclude.contains)
                if let sources = merged.sources, let more = target.sources {
                    merged.sources = sources + more.filter { !sources.contains($0) }
                } else {
                    merged.sources = nil
                }
                result.targets[index] = merged
            }
        }
        return result
    }
}

extension DeclaredPackage {
    /// The package as SwiftPM sees a manifest with no targets and no products next to a
    /// `module.modulemap`: a system library target of the package's name, at its root, and a library
    /// product of it.
    func asLegacySystemPackage() -> DeclaredPackage {
        guard targets.isEmpty, products.isEmpty else { return self }
        var package = self
        package.targets = [DeclaredTarget(name: name, kind: .system, path: "")]
        package.products = [DeclaredProduct(name: name, kind: .library, linkage: .automatic, targets: [name])]
        return package
    }
}
