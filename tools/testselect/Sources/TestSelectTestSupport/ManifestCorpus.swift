/// Manifest texts the manifest reader's suites and the selection's share.
public enum ManifestCorpus {
    /// Real-world manifest shapes (each named for the kind of package it stands for), on which the
    /// static reader must agree with `swift package dump-package`.
    public static let realWorldShapes: [String: String] = [
        // Module-level dependency constants with a qualified type, many targets, url dependencies (swift-nio's shape).
        "server-framework": """
        // swift-tools-version:5.6
        //===--- a license header ---===//
        import PackageDescription

        let atomics: PackageDescription.Target.Dependency = .product(name: "Atomics", package: "swift-atomics")
        let collections: PackageDescription.Target.Dependency = .product(name: "DequeModule", package: "swift-collections")

        let package = Package(
            name: "server-framework",
            products: [
                .library(name: "Core", targets: ["Core"]),
                .library(name: "Posix", targets: ["Posix"]),
                .library(name: "TestUtils", targets: ["TestUtils"]),
            ],
            dependencies: [
                .package(url: "https://github.com/apple/swift-atomics.git", from: "1.1.0"),
                .package(url: "https://github.com/apple/swift-collections.git", from: "1.0.2"),
            ],
            targets: [
                // MARK: - Targets
                .target(name: "Core", dependencies: ["CLinux", "_DataStructures", collections, atomics]),
                .target(name: "_DataStructures"),
                .target(name: "CLinux", dependencies: [], cSettings: [.define("_GNU_SOURCE")]),
                .target(name: "Posix", dependencies: ["Core", "CLinux", atomics]),
                .target(name: "TestUtils", dependencies: ["Posix", "Core"]),
                .executableTarget(name: "EchoServer", dependencies: ["Posix"], exclude: ["README.md"]),
                .testTarget(name: "CoreTests", dependencies: ["Core", "TestUtils", atomics]),
                .testTarget(name: "PosixTests", dependencies: ["Posix", "TestUtils"]),
            ]
        )
        """,
        // `var package`, appends under `#if swift(...)`, resources, explicit paths (swift-argument-parser's shape).
        "cli-kit": """
        // swift-tools-version:5.7
        import PackageDescription

        var package = Package(
            name: "cli-kit",
            platforms: [.macOS(.v10_15), .iOS(.v13)],
            products: [.library(name: "CLIKit", targets: ["CLIKit"])],
            dependencies: [],
            targets: [
                .target(name: "CLIKit", dependencies: ["ToolInfo"], exclude: ["CMakeLists.txt"]),
                .target(name: "ToolInfo", dependencies: [], exclude: ["CMakeLists.txt"]),
                .executableTarget(name: "roll", dependencies: ["CLIKit"], path: "Examples/roll"),
                .testTarget(
                    name: "ExampleTests", dependencies: ["CLIKit"], resources: [.copy("CountLinesTest.txt")]),
            ]
        )

        #if swift(>=5.6)
        package.targets.append(contentsOf: [
            .executableTarget(name: "count-lines", dependencies: ["CLIKit"], path: "Examples/count-lines"),
        ])
        #endif
        """,
        // A monorepo service: path dependencies, conditions, plugins, macros, binary and system targets, a settings loop.
        "catalogue": """
        // swift-tools-version:5.9
        import CompilerPluginSupport
        import PackageDescription

        let shared: [Target.Dependency] = [
            .product(name: "ESModels", package: "es-models"),
            .product(name: "HTTPKit", package: "HTTPKitPackage", condition: .when(platforms: [.linux, .macOS])),
        ]

        let package = Package(
            name: "Catalogue",
            platforms: [.macOS(.v13)],
            products: [
                .executable(name: "catalogue", targets: ["CatalogueServer"]),
                .library(name: "CatalogueAPI", type: .dynamic, targets: ["Catalogue", "CatalogueModels"]),
            ],
            dependencies: [
                .package(path: "../../packages/es-models"),
                .package(name: "HTTPKitPackage", path: "../../packages/http-kit/"),
                .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "509.0.0"),
            ],
            targets: [
                .target(
                    name: "Catalogue",
                    dependencies: shared + ["CatalogueModels", .target(name: "CatalogueMacros")],
                    exclude: ["Docs"],
                    resources: [.process("Resources")],
                    plugins: [.plugin(name: "Codegen"), .plugin(name: "Lint", package: "HTTPKitPackage")]
                ),
                .target(name: "CatalogueModels", path: "Sources/Models", sources: ["Generated", "Model.swift"]),
                .macro(
                    name: "CatalogueMacros",
                    dependencies: [.product(name: "SwiftCompilerPlugin", package: "swift-syntax")]
                ),
                .plugin(name: "Codegen", capability: .buildTool()),
                .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
                .binaryTarget(name: "Vendored", path: "Vendor/Vendored.xcframework"),
                .executableTarget(name: "CatalogueServer", dependencies: ["Catalogue", .byName(name: "CZlib")]),
                .testTarget(name: "CatalogueTests", dependencies: ["Catalogue"]),
            ]
        )

        for target in package.targets where ![.system, .binary, .plugin].contains(target.type) {
            var settings = target.swiftSettings ?? []
            settings.append(.enableUpcomingFeature("ExistentialAny"))
            target.swiftSettings = settings
        }
        """,
        // Helpers built with `+`, string interpolation, `package.products +=` and evaluable loops.
        "generated-modules": """
        // swift-tools-version:5.9
        import PackageDescription

        let prefix = "Gen"
        let modules = ["Alpha", "Beta"]
        var targets: [Target] = []
        for module in modules {
            targets.append(.target(name: "\\(prefix)\\(module)"))
            targets.append(.testTarget(name: "\\(prefix)\\(module)Tests", dependencies: [.target(name: "\\(prefix)\\(module)")]))
        }
        let package = Package(name: "generated-modules", targets: targets)
        package.products += [.library(name: "\\(prefix)All", targets: ["GenAlpha", "GenBeta"])]
        package.dependencies.append(.package(id: "mona.LinkedList", from: "1.0.0"))
        """,
        // Tools 6.1: traits, trait conditions, module aliases, by-name conditions.
        "traits": """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "traits",
            traits: ["Fast", .default(enabledTraits: ["Fast"])],
            dependencies: [.package(url: "https://example.com/org/dep.git", branch: "main", traits: ["X"])],
            targets: [
                .target(
                    name: "Lib",
                    dependencies: [
                        .product(name: "Dep", package: "dep", moduleAliases: ["Dep": "Dependency"]),
                        .byName(name: "Impl", condition: .when(platforms: [.windows], traits: ["Fast", "Alt"])),
                        .target(name: "Impl", condition: .when(traits: ["Fast"])),
                    ]
                ),
                .target(name: "Impl"),
            ],
            swiftLanguageModes: [.v6]
        )
        """,
        // Plugin usages as string literals, settings from a static member in an extension, a block
        // comment inside an array, `import class`, a capability without parentheses, an optional-chained
        // settings loop and a platform-only product under `#if`.
        "toolkit": """
        // swift-tools-version: 5.9
        import PackageDescription
        import class Foundation.ProcessInfo

        let package = Package(
            name: "toolkit",
            products: [
                .library(name: "Toolkit", targets: ["Toolkit"]),
                /* .library(name: "ToolkitExtras", targets: ["ToolkitExtras"]), */
            ],
            dependencies: [.package(url: "https://example.com/org/formatter", from: "2.0.0")],
            targets: [
                .target(
                    name: "Toolkit",
                    dependencies: ["ToolkitSupport"],
                    swiftSettings: .common + [.enableUpcomingFeature("ExistentialAny")],
                    plugins: ["VersionStamp", .plugin(name: "Format", package: "formatter")]
                ),
                .target(name: "ToolkitSupport", swiftSettings: .common),
                .plugin(name: "VersionStamp", capability: .buildTool, dependencies: ["stamp-tool"]),
                .executableTarget(name: "stamp-tool"),
                .testTarget(name: "ToolkitTests", dependencies: ["Toolkit"], swiftSettings: .common),
            ]
        )

        #if !os(Windows)
        package.products.append(.library(name: "ToolkitDynamic", type: .dynamic, targets: ["Toolkit"]))
        #endif

        for target in package.targets {
            target.swiftSettings?.append(.define("TOOLKIT"))
        }

        extension Array where Element == PackageDescription.SwiftSetting {
            static var common: Self {
                [.enableExperimentalFeature("StrictConcurrency"), .define("DEBUG_CHECKS", .when(configuration: .debug))]
            }
        }
        """,
        // Environment checks choosing url or path dependencies, after the package (swift-nio's shape),
        // helpers and computed properties declared after their use, a closure over `package.targets`
        // (swift-syntax's shape), a settings loop with a switch on the target type.
        "environment-and-closures": """
        // swift-tools-version:5.9
        import Foundation
        import PackageDescription

        let products: [Product]
        if buildDynamicLibrary {
            products = [.library(name: "_Dynamic", type: .dynamic, targets: ["Parser", "Syntax"])]
        } else {
            products = [.library(name: "Parser", targets: ["Parser"]), .library(name: "Syntax", targets: ["Syntax"])]
        }

        let package = Package(
            name: "environment-and-closures",
            products: products,
            targets: [
                .target(name: "Syntax", dependencies: [.product(name: "Atomics", package: "swift-atomics")]),
                .target(name: "Parser", dependencies: ["Syntax"], swiftSettings: parserSettings),
                .testTarget(name: "ParserTests", dependencies: ["Parser"]),
            ]
        )

        package.targets.append(
            .target(
                name: "All",
                dependencies: package.targets.compactMap {
                    if $0.type == .test {
                        return nil
                    } else {
                        return .byName(name: $0.name)
                    }
                }
            )
        )

        if ProcessInfo.processInfo.environment["TESTSELECT_AGREEMENT_LOCAL_DEPS"] == nil {
            package.dependencies += [.package(url: "https://github.com/apple/swift-atomics.git", from: "1.1.0")]
        } else {
            package.dependencies += [.package(path: "../swift-atomics")]
        }

        for target in package.targets {
            switch target.type {
            case .regular, .test, .executable:
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("MemberImportVisibility"))
                target.swiftSettings = settings
            case .macro, .plugin, .system, .binary:
                ()
            @unknown default:
                ()
            }
        }

        func hasEnvironmentVariable(_ name: String) -> Bool {
            return ProcessInfo.processInfo.environment[name] != nil
        }
        var buildDynamicLibrary: Bool { hasEnvironmentVariable("TESTSELECT_AGREEMENT_DYNAMIC") }
        var parserSettings: [SwiftSetting] {
            if hasEnvironmentVariable("TESTSELECT_AGREEMENT_ASSERTIONS") {
                return [.define("ASSERTIONS")]
            } else {
                return []
            }
        }
        """,
        // A struct with a memberwise initializer, a nested enum and methods that make the targets
        // (swift-collections' shape); same-named static members of Target and Target.Dependency
        // told apart by where they are used, an Array extension (grpc-swift's shape).
        "declared-types": """
        // swift-tools-version:5.9
        import PackageDescription

        struct CustomTarget {
            enum Kind {
                case exported
                case test
            }
            var kind: Kind
            var name: String
            var dependencies: [Target.Dependency]
        }

        extension CustomTarget.Kind {
            var isTest: Bool {
                switch self {
                case .exported: return false
                case .test: return true
                }
            }
        }

        extension CustomTarget {
            static func target(kind: Kind, name: String, dependencies: [Target.Dependency] = []) -> CustomTarget {
                CustomTarget(kind: kind, name: name, dependencies: dependencies)
            }

            func toTarget() -> Target {
                kind.isTest
                    ? .testTarget(name: name, dependencies: dependencies)
                    : .target(name: name, dependencies: dependencies + [.logging])
            }
        }

        extension Target.Dependency {
            static let deque: Self = .target(name: "Deque")
            static let logging: Self = .product(name: "Logging", package: "swift-log")
        }

        extension Target {
            static let deque: Target = .target(name: "Deque", dependencies: [.logging].appending(.heap, if: true))
            static let heap: Target = .target(name: "Heap")
        }

        extension Target.Dependency {
            static let heap: Self = .target(name: "Heap")
        }

        extension Array {
            func appending(_ element: Element, if condition: Bool) -> [Element] {
                condition ? self + [element] : self
            }
        }

        let targets: [CustomTarget] = [
            .target(kind: .exported, name: "OrderedCollections", dependencies: [.deque]),
            .target(kind: .test, name: "OrderedCollectionsTests", dependencies: ["OrderedCollections"]),
        ]

        let package = Package(
            name: "declared-types",
            products: targets.filter { !$0.kind.isTest }.map { .library(name: $0.name, targets: [$0.name]) },
            dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")],
            targets: [.deque, .heap] + targets.map { $0.toTarget() }
        )
        """,
    ]

    /// A manifest whose targets depend on the files on disk: only running it tells what they are.
    public static let unevaluable = """
        // swift-tools-version:5.9
        import PackageDescription

        import Foundation

        // What the targets are depends on the files on disk: only running the manifest tells.
        let generated = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources")) ?? []
        let package = Package(
            name: "gen", targets: generated.sorted().map { .target(name: $0) } + [.testTarget(name: "GenTests", dependencies: ["Gen"])])
        """
}
