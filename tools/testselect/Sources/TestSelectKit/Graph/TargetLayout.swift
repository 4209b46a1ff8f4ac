import TestSelectSupport

/// Where SwiftPM finds each target's files: an explicit `path:`, else the predefined directories.
///
/// Mirrors SwiftPM's `PackageBuilder`: the predefined directory is the first of `Sources`,
/// `Source`, `src`, `srcs` that exists (tests: `Tests` first; plugins: `Plugins`); a target lives
/// in `<predefined>/<Name>`; since tools 5.9 a target that is the only one of its kind (regular,
/// test, plugin) may occupy the predefined directory itself.
public enum TargetLayout {
    static let sourceDirectories = ["Sources", "Source", "src", "srcs"]
    static let testDirectories = ["Tests", "Sources", "Source", "src", "srcs"]
    static let pluginDirectories = ["Plugins"]

    /// The package-relative directory of every target (nil for a remote binary target), by name.
    ///
    /// - Parameters:
    ///   - package: the declared package.
    ///   - directory: the repository-relative package directory.
    ///   - listing: the files of the repository state, to see which directories exist.
    public static func directories(of package: DeclaredPackage, in directory: String, listing: FileListing)
        -> [String: String?]
    {
        func exists(_ relative: String) -> Bool {
            listing.isDirectory(RepoPath.join(directory, relative))
        }
        let sourceRoot = sourceDirectories.first(where: exists) ?? sourceDirectories[0]
        let testRoot = testDirectories.first(where: exists) ?? testDirectories[0]
        let pluginRoot = pluginDirectories.first(where: exists) ?? pluginDirectories[0]
        var counts: [String: Int] = [:]
        for target in package.targets { counts[commonRootKey(target.kind), default: 0] += 1 }

        var result: [String: String?] = [:]
        for target in package.targets where result[target.name] == nil {
            if target.kind == .binary, target.path == nil {
                result[target.name] = .some(nil)
                continue
            }
            if let path = target.path {
                result[target.name] = RepoPath.normalize(path)
                continue
            }
            let root: String
            switch target.kind {
            case .test: root = testRoot
            case .plugin: root = pluginRoot
            default: root = sourceRoot
            }
            let conventional = root + "/" + target.name
            if exists(conventional) {
                result[target.name] = conventional
            } else if package.toolsVersion >= .relaxedSourceDirectories,
                counts[commonRootKey(target.kind)] == 1
            {
                result[target.name] = root
            } else {
                result[target.name] = conventional
            }
        }
        return result
    }

    private static func commonRootKey(_ kind: TargetKind) -> String {
        switch kind {
        case .test: return "test"
        case .plugin: return "plugin"
        default: return "regular"
        }
    }
}
