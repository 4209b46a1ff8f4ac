/// Which of a package's manifests SwiftPM uses.
public enum ManifestVariants {
    /// The manifest file SwiftPM `toolchain` would load from a directory holding `files`.
    ///
    /// An exact `Package@swift-6.3.1.swift` / `@swift-6.3` / `@swift-6` match wins; otherwise the
    /// newest variant at or below the toolchain is used when its own tools version is higher than
    /// `Package.swift`'s; otherwise `Package.swift`.
    ///
    /// - Parameters:
    ///   - files: manifest file names in the directory.
    ///   - toolsVersions: the tools version declared inside each file (missing when unreadable).
    ///   - toolchain: the SwiftPM version.
    public static func chosen(
        among files: [String], toolsVersions: [String: ToolsVersion],
        toolchain: ToolsVersion = .currentToolchain
    ) -> String {
        let exact = [
            "Package@swift-\(toolchain.major).\(toolchain.minor).\(toolchain.patch).swift",
            "Package@swift-\(toolchain.major).\(toolchain.minor).swift",
            "Package@swift-\(toolchain.major).swift",
        ]
        for name in exact where files.contains(name) { return name }
        let regular = "Package.swift"
        let candidates = files.compactMap { name -> (ToolsVersion, String)? in
            guard let version = ManifestDiscovery.variantVersion(name), version <= toolchain else {
                return nil
            }
            return (version, name)
        }
        guard let newest = candidates.max(by: { $0.0 < $1.0 }) else {
            return files.contains(regular) ? regular : (files.first ?? regular)
        }
        guard files.contains(regular) else { return newest.1 }
        let variantTools = toolsVersions[newest.1] ?? ToolsVersion(0)
        let regularTools = toolsVersions[regular] ?? ToolsVersion.missingLine
        return variantTools > regularTools ? newest.1 : regular
    }
}
