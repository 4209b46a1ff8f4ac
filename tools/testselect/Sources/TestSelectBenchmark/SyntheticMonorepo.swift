import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// A generated monorepo of path-dependent SwiftPM packages, shaped like real ones, for benchmarks.
///
/// Package `i` depends by path on up to three (services: up to five) packages with lower indices,
/// chosen by a seeded generator, so the graph is a random DAG and the same seed always gives the
/// same repository. Each manifest has eight targets (five libraries, an executable, two test
/// targets; every ninth package appends a ninth with `package.targets.append`) and uses what real
/// manifests use: helper constants, `+` on dependency arrays, `#if os(Linux)` with `append`,
/// conditional target dependencies, an explicit `path:`, `exclude:` and `resources:`, products
/// grouping several targets, and (every fifth package) a URL dependency.
public struct SyntheticMonorepo: Sendable {
    /// One generated package.
    public struct Package: Sendable, Hashable {
        /// Repository-relative directory (`packages/lib-0042`, `services/svc-0958`).
        public var directory: String
        /// Package name and identity (the directory name).
        public var name: String
        /// Module prefix (`L0042`, `S0958`).
        public var prefix: String
        /// Indices of the packages it depends on by path.
        public var dependencies: [Int]
        /// Whether it is a service (the last sixth of the packages).
        public var isService: Bool
    }

    /// The packages, in index order.
    public let packages: [Package]

    /// Generates the packages' graph.
    public init(packageCount: Int, seed: UInt64 = 0x7E57_5E1E) {
        var random = SplitMix64(seed: seed)
        let services = packageCount >= 6 ? packageCount / 6 : 0
        var packages: [Package] = []
        for index in 0..<packageCount {
            let isService = index >= packageCount - services
            let number = String(format: "%04d", index)
            let wanted = isService ? 2 + Int(random.next() % 4) : Int(random.next() % 4)
            var dependencies: Set<Int> = []
            let candidates = isService ? packageCount - services : index
            if candidates > 0 {
                for _ in 0..<min(wanted, candidates) {
                    dependencies.insert(Int(random.next() % UInt64(candidates)))
                }
            }
            packages.append(
                Package(
                    directory: isService ? "services/svc-\(number)" : "packages/lib-\(number)",
                    name: isService ? "svc-\(number)" : "lib-\(number)",
                    prefix: (isService ? "S" : "L") + number,
                    dependencies: dependencies.sorted(), isService: isService))
        }
        self.packages = packages
        changedPackage = SyntheticMonorepo.mostlyShared(packages)
    }

    /// The number of targets over all packages.
    public var targetCount: Int {
        packages.indices.reduce(0) { $0 + 8 + ($1 % 9 == 0 ? 1 : 0) }
    }

    /// The number of path dependencies over all packages.
    public var pathDependencyCount: Int {
        packages.reduce(0) { $0 + $1.dependencies.count }
    }

    /// The package whose file the benchmark change edits: the library on which closest to a quarter
    /// of the packages depend (directly or not), so the selection has a realistic size.
    public let changedPackage: Int

    static func mostlyShared(_ packages: [Package]) -> Int {
        var dependents = Array(repeating: [Int](), count: packages.count)
        for (index, package) in packages.enumerated() {
            for dependency in package.dependencies { dependents[dependency].append(index) }
        }
        let target = packages.count / 4
        var best = 0
        var bestDistance = Int.max
        for index in packages.indices where !packages[index].isService {
            var seen: Set<Int> = [index]
            var stack = dependents[index]
            while seen.count <= target * 2 + 1, let next = stack.popLast() {
                if seen.insert(next).inserted { stack += dependents[next] }
            }
            let distance = abs(seen.count - 1 - target)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The file the benchmark change edits.
    public var changedFile: String {
        let package = packages[changedPackage]
        return "\(package.directory)/Sources/\(package.prefix)Core/Core.swift"
    }

    /// The manifest of a package.
    public func manifest(for index: Int) -> String {
        let package = packages[index]
        let p = package.prefix
        let dependencies = package.dependencies.map { packages[$0] }
        let shared = dependencies.map { ".product(name: \"\($0.prefix)Core\", package: \"\($0.name)\")" }
        let pathDependencies = dependencies.map { dependency in
            ".package(path: \"\(RepoPath.relativePath(from: package.directory, to: dependency.directory))\")"
        }
        let usesArgumentParser = index % 5 == 0
        var lines = [
            "// swift-tools-version:5.9",
            "import PackageDescription",
            "",
            "let strictSettings: [SwiftSetting] = [",
            "    .enableUpcomingFeature(\"ExistentialAny\"),",
            "    .enableExperimentalFeature(\"StrictConcurrency\"),",
            "]",
            "",
            "let sharedDependencies: [Target.Dependency] = [",
        ]
        lines += shared.map { "    \($0)," }
        lines += [
            "]",
            "",
            "var platformDependencies: [Target.Dependency] = [\"\(p)Models\"]",
            "#if os(Linux)",
        ]
        if let first = dependencies.first {
            lines.append(
                "    platformDependencies.append(.product(name: \"\(first.prefix)Client\", package: \"\(first.name)\"))"
            )
        } else {
            lines.append("    platformDependencies.append(\"\(p)Core\")")
        }
        lines += [
            "#endif",
            "",
            "let package = Package(",
            "    name: \"\(package.name)\",",
            "    platforms: [.macOS(.v13)],",
            "    products: [",
            "        .library(name: \"\(p)Core\", targets: [\"\(p)Core\", \"\(p)Models\"]),",
            "        .library(name: \"\(p)Client\", targets: [\"\(p)Client\"]),",
            "        .executable(name: \"\(package.name)-tool\", targets: [\"\(p)Tool\"]),",
            "    ],",
            "    dependencies: [",
        ]
        lines += pathDependencies.map { "        \($0)," }
        if usesArgumentParser {
            lines.append(
                "        .package(url: \"https://github.com/apple/swift-argument-parser\", from: \"1.3.0\"),")
        }
        let toolDependencies =
            usesArgumentParser
            ? "[\"\(p)Client\", .product(name: \"ArgumentParser\", package: \"swift-argument-parser\")]"
            : "[\"\(p)Client\"]"
        lines += [
            "    ],",
            "    targets: [",
            "        .target(name: \"\(p)Models\", swiftSettings: strictSettings),",
            "        .target(",
            "            name: \"\(p)Core\",",
            "            dependencies: [\"\(p)Models\"] + sharedDependencies,",
            "            swiftSettings: strictSettings",
            "        ),",
            "        .target(name: \"\(p)Support\", dependencies: platformDependencies),",
            "        .target(",
            "            name: \"\(p)Client\",",
            "            dependencies: [",
            "                \"\(p)Core\",",
            "                .target(name: \"\(p)Support\", condition: .when(platforms: [.linux])),",
            "            ],",
            "            path: \"Sources/Client\"",
            "        ),",
            "        .target(",
            "            name: \"\(p)Server\",",
            "            dependencies: [\"\(p)Core\"],",
            "            exclude: [\"README.md\"],",
            "            resources: [.process(\"Resources\")]",
            "        ),",
            "        .executableTarget(name: \"\(p)Tool\", dependencies: \(toolDependencies)),",
            "        .testTarget(name: \"\(p)CoreTests\", dependencies: [\"\(p)Core\"]),",
            "        .testTarget(",
            "            name: \"\(p)ClientTests\",",
            "            dependencies: [\"\(p)Client\"],",
            "            resources: [.copy(\"Fixtures\")]",
            "        ),",
            "    ]",
            ")",
        ]
        if index % 9 == 0 {
            lines += [
                "",
                "package.targets.append(",
                "    .testTarget(name: \"\(p)IntegrationTests\", dependencies: [\"\(p)Server\", \"\(p)Client\"])",
                ")",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every file of a package, by repository-relative path.
    public func files(for index: Int) -> [(path: String, contents: String)] {
        let package = packages[index]
        let p = package.prefix
        let d = package.directory
        var files: [(String, String)] = [
            ("\(d)/Package.swift", manifest(for: index)),
            (
                "\(d)/Sources/\(p)Models/Models.swift",
                "public struct \(p)Model: Sendable { public var id = 0 }\n"
            ),
            (
                "\(d)/Sources/\(p)Core/Core.swift",
                "import \(p)Models\n\npublic func \(p.lowercased())Core() -> Int { 1 }\n"
            ),
            ("\(d)/Sources/\(p)Support/Support.swift", "import \(p)Models\n"),
            ("\(d)/Sources/Client/Client.swift", "import \(p)Core\n"),
            ("\(d)/Sources/\(p)Server/Server.swift", "import \(p)Core\n"),
            ("\(d)/Sources/\(p)Server/README.md", "# \(p)Server\n"),
            ("\(d)/Sources/\(p)Server/Resources/config.json", "{\"port\": 8080}\n"),
            ("\(d)/Sources/\(p)Tool/main.swift", "import \(p)Client\n"),
            ("\(d)/Tests/\(p)CoreTests/CoreTests.swift", "import \(p)Core\n"),
            ("\(d)/Tests/\(p)ClientTests/ClientTests.swift", "import \(p)Client\n"),
            ("\(d)/Tests/\(p)ClientTests/Fixtures/sample.json", "{}\n"),
        ]
        if index % 9 == 0 {
            files.append(("\(d)/Tests/\(p)IntegrationTests/IntegrationTests.swift", "import \(p)Server\n"))
        }
        return files
    }

    /// Writes every file under `root` (which must exist), plus a `.gitignore` and a README.
    public func write(to root: String) throws {
        var directories: Set<String> = []
        var all: [(path: String, contents: String)] = [
            (".gitignore", ".build/\n.swiftpm/\n"), ("README.md", "# Synthetic monorepo\n"),
        ]
        for index in packages.indices { all += files(for: index) }
        for file in all {
            let directory = RepoPath.parent(file.path)
            if directory != ".", directories.insert(directory).inserted {
                try FileManager.default.createDirectory(
                    atPath: root + "/" + directory, withIntermediateDirectories: true)
            }
            try file.contents.write(toFile: root + "/" + file.path, atomically: false, encoding: .utf8)
        }
    }
}
