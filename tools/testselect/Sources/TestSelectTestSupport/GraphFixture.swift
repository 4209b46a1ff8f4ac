import TestSelectManifest

/// A small resolved graph the graph's and the formats' suites share.
public enum GraphFixture {
    /// A package read statically from `Package.swift` in `directory`.
    public static func loaded(_ directory: String, _ package: DeclaredPackage) -> LoadedPackage {
        LoadedPackage(
            directory: directory, manifestFile: "Package.swift", reading: .staticReader,
            variants: [("Package.swift", package)])
    }

    /// The tools version of the fixture's packages.
    public static let tools = ToolsVersion(5, 9)

    /// A service in `services/service` depending on a local `libs/shared-kit` (a product on
    /// Linux only, a product by name, a plugin), on a remote package, and on a path outside the
    /// repository.
    public static func serviceAndSharedKit() -> ResolvedGraph {
        let shared = DeclaredPackage(
            name: "SharedKit", toolsVersion: tools,
            products: [
                DeclaredProduct(
                    name: "Shared", kind: .library, linkage: .automatic,
                    targets: ["SharedCore", "SharedExtras"]),
                DeclaredProduct(name: "Gen", kind: .plugin, targets: ["GenPlugin"]),
            ],
            targets: [
                DeclaredTarget(name: "SharedCore", kind: .regular),
                DeclaredTarget(
                    name: "SharedExtras", kind: .regular,
                    dependencies: [.byName(name: "SharedCore", condition: nil)]),
                DeclaredTarget(name: "GenPlugin", kind: .plugin),
            ])
        let service = DeclaredPackage(
            name: "service", toolsVersion: tools,
            targets: [
                DeclaredTarget(
                    name: "App", kind: .regular,
                    dependencies: [
                        .product(
                            name: "Shared", package: "SharedKit",
                            condition: DependencyCondition(platforms: ["linux"])),
                        .product(name: "Remote", package: "swift-remote", condition: nil),
                    ],
                    plugins: [PluginUsage(name: "Gen", package: "shared-kit")]),
                DeclaredTarget(
                    name: "AppTests", kind: .test, dependencies: [.byName(name: "App", condition: nil)]),
                DeclaredTarget(
                    name: "ByName", kind: .regular, dependencies: [.byName(name: "Shared", condition: nil)]),
            ],
            dependencies: [
                DeclaredPackageDependency(identity: "shared-kit", kind: .path, path: "../../libs/shared-kit"),
                DeclaredPackageDependency(
                    identity: "swift-remote", kind: .url, url: "https://example.com/swift-remote.git"),
                DeclaredPackageDependency(identity: "outside", kind: .path, path: "../../../outside"),
            ])
        return ResolvedGraph.build(
            packages: [loaded("services/service", service), loaded("libs/shared-kit", shared)],
            listing: FileListing(files: []), repositoryName: "Mono")
    }
}
