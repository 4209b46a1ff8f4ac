import TestSelectSupport

/// Finds the packages of a repository state: every directory holding a `Package.swift` or a
/// `Package@swift-*.swift`, outside `.build/`, `.swiftpm/` and dependency checkouts.
public enum ManifestDiscovery {
    /// The manifests found in one package directory.
    public struct PackageManifests: Sendable, Hashable {
        /// The repository-relative package directory (`.` for the root).
        public var directory: String
        /// Manifest file names in that directory: `Package.swift` first, then the variants by version.
        public var manifests: [String]
    }

    /// Whether a file name is a manifest name.
    public static func isManifestName(_ name: String) -> Bool {
        name == "Package.swift" || variantVersion(name) != nil
    }

    /// The version in a `Package@swift-X[.Y[.Z]].swift` file name.
    public static func variantVersion(_ name: String) -> ToolsVersion? {
        guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return nil }
        let version = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
        return ToolsVersion(string: String(version))
    }

    /// Groups the manifests of a listing by package directory, sorted by directory.
    ///
    /// - Parameter ignoring: paths that are not manifests of the repository (e.g. test fixtures).
    public static func packages(in listing: FileListing, ignoring: (String) -> Bool = { _ in false })
        -> [PackageManifests]
    {
        var byDirectory: [String: [String]] = [:]
        for file in listing.files {
            let name = RepoPath.basename(file)
            guard isManifestName(name), !FileListing.isInSkippedDirectory(file), !ignoring(file) else {
                continue
            }
            byDirectory[RepoPath.parent(file), default: []].append(name)
        }
        return byDirectory.keys.sorted().map { directory in
            let names = Array(Set(byDirectory[directory] ?? []))
            let sorted = names.sorted { a, b in
                if a == "Package.swift" { return b != "Package.swift" }
                if b == "Package.swift" { return false }
                return (variantVersion(a) ?? ToolsVersion(0)) < (variantVersion(b) ?? ToolsVersion(0))
            }
            return PackageManifests(directory: directory, manifests: sorted)
        }
    }
}
