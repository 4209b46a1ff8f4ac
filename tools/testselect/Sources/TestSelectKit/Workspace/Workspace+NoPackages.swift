import Foundation
import TestSelectManifest
import TestSelectSupport

extension Workspace {
    /// Why a state may show no package: where testselect looked, and manifests on disk it cannot
    /// see (ignored by git, inside build output), found by a bounded walk of the requested directory.
    func noPackageDetails(_ listing: FileListing) -> [String] {
        var details: [String] = []
        if git != nil {
            details.append(
                "testselect looked at the \(Workspace.files(listing.files.count)) git tracks or sees untracked in '\(root)' "
                    + "(never inside '.build/' or '.swiftpm/')")
            if requestedDirectory != root {
                details.append(
                    "'\(requestedDirectory)' is inside that repository, which is what testselect reads")
            }
        } else {
            details.append(
                "'\(root)' is not a git repository; testselect looked at the \(Workspace.files(listing.files.count)) under it "
                    + "(never inside '.build/' or '.swiftpm/')")
        }
        for manifest in Workspace.manifestsOnDisk(under: requestedDirectory, limit: 20_000).prefix(5) {
            let relative = RepoPath.relative(manifest, to: root) ?? manifest
            if relative.split(separator: "/").contains(where: { $0 == ".build" || $0 == ".swiftpm" }) {
                details.append("'\(relative)' is build output, which testselect never reads")
            } else if let git, let rule = git.ignoreRule(for: relative) {
                details.append("'\(relative)' exists but git ignores it (\(rule))")
            } else if !manifest.hasSuffix("/Package.swift") {
                details.append(
                    "'\(relative)' is a version-specific manifest without a 'Package.swift' beside it")
            }
        }
        return details
    }

    /// Absolute paths of manifest files below `directory`, walking at most `limit` entries.
    static func manifestsOnDisk(under directory: String, limit: Int) -> [String] {
        var found: [String] = []
        var pending = [directory]
        var visited = 0
        while let current = pending.popLast(), visited < limit {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() {
                visited += 1
                let path = current + "/" + name
                if ManifestDiscovery.isManifestName(name) {
                    found.append(path)
                    continue
                }
                var isDirectory: ObjCBool = false
                guard name != ".git", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                else { continue }
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                pending.append(path)
            }
        }
        return found
    }
}

extension Workspace {
    static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
}
