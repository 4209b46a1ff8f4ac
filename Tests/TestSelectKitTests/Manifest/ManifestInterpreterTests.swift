import Testing

@testable import TestSelectManifest

/// The manifest shapes real repositories use, each written here in a small manifest of our own:
/// environment reads, closures and higher-order calls, helper functions and types, extensions.
@Suite struct ManifestInterpreterTests {
    func reading(
        _ body: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StaticReading {
        let text = "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\n\n" + body
        switch StaticManifestReader.read(text, host: HostContext(environment: environment)) {
        case .success(let reading): return reading
        case .failure(let failure):
            Issue.record("static reader failed: \(failure)", sourceLocation: sourceLocation)
            throw failure
        }
    }

    func names(_ package: DeclaredPackage) -> [String] { package.targets.map(\.name) }

    // MARK: - Environment

    static let localOrRemote = """
        let package = Package(
            name: "server",
            targets: [.target(name: "Core", dependencies: [.product(name: "Atomics", package: "swift-atomics")])]
        )
        if Context.environment["SWIFTCI_USE_LOCAL_DEPS"] == nil {
            package.dependencies += [.package(url: "https://github.com/apple/swift-atomics.git", from: "1.1.0")]
        } else {
            package.dependencies += [.package(path: "../swift-atomics")]
        }
        """

    @Test func anEnvironmentCheckIsReadAsThisHostWouldAndAsTheUnionForSelection() throws {
        let unset = try reading(Self.localOrRemote)
        #expect(unset.package.dependencies.map(\.kind) == [.url])
        #expect(unset.environmentReads == ["SWIFTCI_USE_LOCAL_DEPS"])
        let set = try reading(Self.localOrRemote, environment: ["SWIFTCI_USE_LOCAL_DEPS": "1"])
        #expect(set.package.dependencies.map(\.kind) == [.path])
        for reading in [unset, set] {
            #expect(Set(reading.configurations.map { $0.dependencies.map(\.kind) }) == [[.url], [.path]])
        }
    }

    @Test func environmentHelpersDeclaredAfterTheirUseAreEvaluated() throws {
        let manifest = """
            let products: [Product]
            if buildDynamicLibrary {
                products = [.library(name: "_Dynamic", type: .dynamic, targets: ["Parser", "Syntax"])]
            } else {
                products = [.library(name: "Parser", targets: ["Parser"]), .library(name: "Syntax", targets: ["Syntax"])]
            }
            let package = Package(
                name: "syntax", products: products,
                targets: [.target(name: "Syntax"), .target(name: "Parser", dependencies: ["Syntax"])])

            func hasEnvironmentVariable(_ name: String) -> Bool {
                return ProcessInfo.processInfo.environment[name] != nil
            }
            var buildDynamicLibrary: Bool { hasEnvironmentVariable("BUILD_DYNAMIC") }
            var syntaxSettings: [SwiftSetting] {
                var settings: [SwiftSetting] = []
                if hasEnvironmentVariable("ENABLE_ASSERTIONS") { settings.append(.define("ASSERTIONS")) }
                return settings
            }
            """
        let plain = try reading(manifest)
        #expect(plain.package.products.map(\.name) == ["Parser", "Syntax"])
        #expect(
            try reading(manifest, environment: ["BUILD_DYNAMIC": "YES"]).package.products.map(\.name) == [
                "_Dynamic"
            ])
        #expect(plain.configurations.count == 2)
    }

    @Test func aTernaryOnTheEnvironmentTakesTheArmThisHostWouldTake() throws {
        let manifest = """
            let toolsSupport = (ProcessInfo.processInfo.environment["USE_DYLIB"] == nil) ? "ToolsSupport-auto" : "ToolsSupport"
            let useLocal = Context.environment["USE_LOCAL"] != nil
            let package = Package(
                name: "driver",
                dependencies: !useLocal ? [.package(url: "https://example.com/tsc.git", from: "1.0.0")] : [.package(path: "../tsc")],
                targets: [.target(name: "Driver", dependencies: [.product(name: toolsSupport, package: "tsc")])]
            )
            """
        let plain = try reading(manifest).package
        #expect(plain.targets[0].dependencies.map(\.name) == ["ToolsSupport-auto"])
        #expect(plain.dependencies.map(\.kind) == [.url])
        let set = try reading(manifest, environment: ["USE_DYLIB": "1", "USE_LOCAL": "1"]).package
        #expect(set.targets[0].dependencies.map(\.name) == ["ToolsSupport"])
        #expect(set.dependencies.map(\.kind) == [.path])
        #expect(try reading(manifest).configurations.count == 4)
    }

    @Test func everyTextAVariableIsComparedWithIsAConfiguration() throws {
        let manifest = """
            let mode = ProcessInfo.processInfo.environment["DEPS"]
            let dependency: Package.Dependency
            if mode == "local" {
                dependency = .package(path: "../tools")
            } else if mode == "vendored" {
                dependency = .package(path: "Vendor/tools")
            } else {
                dependency = .package(url: "https://example.com/tools.git", from: "1.0.0")
            }
            let package = Package(name: "app", dependencies: [dependency])
            """
        let reading = try reading(manifest)
        #expect(
            Set(
                reading.configurations.compactMap {
                    $0.dependencies.first?.path ?? $0.dependencies.first?.url
                }) == [
                    "../tools", "Vendor/tools", "https://example.com/tools.git",
                ])
        #expect(
            try self.reading(manifest, environment: ["DEPS": "vendored"]).package.dependencies[0].path
                == "Vendor/tools")
    }

    @Test func aConfigurationWhosePackageDependsOnAVariablesTextIsLeftOutAndSaidSo() throws {
        let manifest = """
            var dependencies: [Package.Dependency] = []
            if let root = Context.environment["DEPS_ROOT"] {
                dependencies.append(.package(path: "\\(root)/swift-foundation"))
            } else {
                dependencies.append(.package(url: "https://github.com/swiftlang/swift-foundation", branch: "main"))
            }
            let package = Package(name: "foundation", dependencies: dependencies)
            """
        let reading = try reading(manifest)
        #expect(reading.package.dependencies.map(\.kind) == [.url])
        #expect(reading.notes.contains { $0.contains("DEPS_ROOT") && $0.contains("not read") })
        let set = try self.reading(manifest, environment: ["DEPS_ROOT": "/src"])
        #expect(set.package.dependencies.map(\.path) == ["/src/swift-foundation"])
    }

    @Test func checksThatOnlyChangeSettingsNeverFork() throws {
        let reading = try reading(
            """
            var includeFlags: [CSetting] = []
            if let path = Context.environment["DISPATCH_INCLUDE_PATH"] {
                includeFlags.append(.unsafeFlags(["-I\\(path)"]))
            }
            let package = Package(name: "cf", targets: [.target(name: "CF", cSettings: includeFlags)])
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
            """)
        #expect(reading.configurations.count == 1)
        #expect(names(reading.package) == ["CF"])
    }

    // MARK: - Closures and higher-order calls

    @Test func closuresAndHigherOrderCallsOnTargets() throws {
        let package = try reading(
            """
            let modules = ["Parser", "Lexer", "Printer"]
            let package = Package(
                name: "tools",
                products: {
                    var products: [Product] = [.library(name: "Tools", targets: modules)]
                    #if os(macOS)
                    products.append(.executable(name: "mac-tool", targets: ["MacTool"]))
                    #endif
                    return products
                }(),
                targets: modules.map { .target(name: $0) }
                    + modules.filter { $0 != "Lexer" }.map { name in .testTarget(name: "\\(name)Tests", dependencies: [.target(name: name)]) }
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
                    }))
            let testNames = package.targets.filter { $0.isTest }.map(\\.name)
            let first = package.targets.first(where: { $0.name.hasSuffix("Tests") })
            package.products += [.library(name: "Count\\(testNames.count)", targets: [first?.name ?? "none"])]
            package.targets.forEach { target in
                if target.name == "Printer" { target.dependencies.append("Lexer") }
            }
            let total = modules.reduce(0) { $0 + $1.count }
            if total == 18 && modules.contains("Lexer") {
                package.targets.append(.executableTarget(name: "cli", dependencies: ["All"]))
            }
            """
        ).package
        #expect(
            names(package) == ["Parser", "Lexer", "Printer", "ParserTests", "PrinterTests", "All", "cli"])
        #expect(package.targets[5].dependencies.map(\.name) == ["Parser", "Lexer", "Printer"])
        #expect(package.targets[2].dependencies.map(\.name) == ["Lexer"])
        #expect(package.products.map(\.name).contains("Count2"))
        #expect(package.products.first { $0.name == "Count2" }?.targets == ["ParserTests"])
    }

    @Test func ternariesIfExpressionsAndGuards() throws {
        let package = try reading(
            """
            let embedded = false
            func library(_ name: String, enabled: Bool) -> [Target] {
                guard enabled else { return [] }
                return [.target(name: name)]
            }
            let runtime = if embedded { "EmbeddedRuntime" } else { "Runtime" }
            let package = Package(
                name: "t",
                targets: library("Extras", enabled: !embedded) + library("Never", enabled: embedded)
                    + [.target(name: embedded ? "Small" : "Full", dependencies: [.target(name: runtime)]), .target(name: runtime)]
            )
            """
        ).package
        #expect(names(package) == ["Extras", "Full", "Runtime"])
    }

    // MARK: - Types the manifest declares

    @Test func staticMembersOfTheSameNameAreToldApartByWhereTheyAreUsed() throws {
        let package = try reading(
            """
            let includeSSL = true
            extension Target.Dependency {
                static let core: Self = .target(name: "Core")
                static let ssl: Self = .product(name: "NIOSSL", package: "swift-nio-ssl")
            }
            extension Target {
                static let core: Target = .target(name: "Core", dependencies: [.logging].appending(.ssl, if: includeSSL))
                static let coreTests: Target = .testTarget(name: "CoreTests", dependencies: [.core])
            }
            extension Target.Dependency {
                static var logging: Self { .product(name: "Logging", package: "swift-log") }
            }
            extension Product {
                static let core: Product = .library(name: "Core", targets: ["Core"])
            }
            extension Array {
                func appending(_ element: Element, if condition: Bool) -> [Element] {
                    if condition {
                        return self + [element]
                    } else {
                        return self
                    }
                }
            }
            let package = Package(name: "g", products: [.core], targets: [.core, .coreTests])
            """
        ).package
        #expect(names(package) == ["Core", "CoreTests"])
        #expect(package.targets[0].dependencies.map(\.name) == ["Logging", "NIOSSL"])
        #expect(package.targets[1].dependencies == [.target(name: "Core", condition: nil)])
        #expect(package.products.map(\.name) == ["Core"])
    }

    @Test func structsWithMemberwiseInitializersMethodsAndNestedEnums() throws {
        let package = try reading(
            """
            struct CustomTarget {
                enum Kind {
                    case exported
                    case test
                }
                var kind: Kind
                var name: String
                var dependencies: [Target.Dependency] = []
                var settings: [SwiftSetting] = []
            }
            extension CustomTarget.Kind {
                var isTest: Bool {
                    switch self {
                    case .exported: return false
                    case .test: return true
                    }
                }
                func path(for name: String) -> String { isTest ? "Tests/\\(name)" : "Sources/\\(name)" }
            }
            extension CustomTarget {
                static func target(kind: Kind, name: String, dependencies: [Target.Dependency] = []) -> CustomTarget {
                    CustomTarget(kind: kind, name: name, dependencies: dependencies)
                }
                func toTarget() -> Target {
                    switch kind {
                    case .exported:
                        return Target.target(name: name, dependencies: dependencies, path: kind.path(for: name))
                    case .test:
                        return .testTarget(name: name, dependencies: dependencies, path: kind.path(for: name))
                    }
                }
            }
            let targets: [CustomTarget] = [
                .target(kind: .exported, name: "Deque"),
                .target(kind: .test, name: "DequeTests", dependencies: ["Deque"]),
            ]
            let package = Package(
                name: "collections",
                products: targets.compactMap { t in
                    guard t.kind == .exported else { return nil }
                    return .library(name: t.name, targets: [t.name])
                },
                targets: targets.map { $0.toTarget() }
            )
            """
        ).package
        #expect(package.targets.map(\.path) == ["Sources/Deque", "Tests/DequeTests"])
        #expect(package.targets.map(\.kind) == [.regular, .test])
        #expect(package.products.map(\.name) == ["Deque"])
    }

    @Test func tupleElementsTakeTheLabelsOfTheirDeclaredType() throws {
        let package = try reading(
            """
            let package = Package(name: "dev-utils", targets: [.target(name: "Tool")])
            let dependencies: [(url: String, path: String, version: Version)] = [
                ("https://github.com/swiftlang/swift-syntax.git", "../../swift-syntax", "600.0.1"),
            ]
            if ProcessInfo.processInfo.environment["SWIFTCI_USE_LOCAL_DEPS"] == nil {
                package.dependencies += dependencies.map { .package(url: $0.url, from: $0.version) }
            } else {
                package.dependencies += dependencies.map { .package(path: $0.path) }
            }
            """
        ).package
        #expect(package.dependencies.map(\.url) == ["https://github.com/swiftlang/swift-syntax.git"])
    }

    @Test func helpersNamedLikePackageDescriptionsFactoriesDoNotShadowThem() throws {
        let package = try reading(
            """
            extension TargetDependencyCondition {
                static func when(traits: Set<String>, alwaysIncludeOnBrokenToolchains: Bool) -> Self? {
                    if alwaysIncludeOnBrokenToolchains {
                        return nil
                    }
                    return .when(traits: traits)
                }
            }
            protocol BuildSetting { static func define(_ name: String, _ condition: BuildSettingCondition?) -> Self }
            extension BuildSetting {
                static func define(_ name: String) -> Self { .define(name, nil) }
            }
            extension SwiftSetting: BuildSetting {}
            let package = Package(
                name: "otel",
                targets: [
                    .target(
                        name: "OTel",
                        dependencies: [
                            .product(name: "GRPC", package: "grpc-swift", condition: .when(traits: ["OTLPGRPC"], alwaysIncludeOnBrokenToolchains: false)),
                        ],
                        swiftSettings: [.define("OTEL")])
                ]
            )
            """
        ).package
        #expect(package.targets[0].dependencies[0].condition == DependencyCondition(traits: ["OTLPGRPC"]))
    }

    // MARK: - What the reader cannot know

    @Test func aFactTheReaderCannotKnowIsReadBothWaysAndSaidSo() throws {
        let reading = try reading(
            """
            let package = Package(name: "fixture", targets: [.testTarget(name: "Test")])
            if FileManager.default.fileExists(atPath: "../docc-plugin") {
                package.dependencies += [.package(path: "../docc-plugin")]
            }
            """)
        #expect(reading.package.dependencies.map(\.path) == ["../docc-plugin"])
        #expect(reading.notes.contains { $0.contains("FileManager.default.fileExists") })
        #expect(reading.configurations.count == 2)
    }

    @Test func aConfigurationWhereTheManifestStopsIsLeftOut() throws {
        let reading = try reading(
            """
            guard ProcessInfo.processInfo.environment["UNSUPPORTED_MODE"] == nil else {
                fatalError("UNSUPPORTED_MODE is not supported")
            }
            let package = Package(name: "p", targets: [.target(name: "A")])
            """)
        #expect(reading.configurations.map(\.targets.count) == [1])
        #expect(reading.notes.contains { $0.contains("stops") })
    }

    @Test func traitsPlatformsAndBlocksOfSettingsAreSkipped() throws {
        let package = try reading(
            """
            var package = Package(name: "nav", platforms: [.macOS(.v13)], targets: [.target(name: "Nav")])
            package.traits.insert(.default(enabledTraits: []))
            do {
                var global: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
                global.append(.unsafeFlags(["-Werror"]))
                for target in package.targets where target.type != .plugin {
                    target.swiftSettings = global + (target.swiftSettings ?? [])
                }
            }
            """
        ).package
        #expect(names(package) == ["Nav"])
    }

    @Test func aLocalRepositoryURLIsADependencyOnThatDirectory() throws {
        let package = try reading(
            """
            let package = Package(
                name: "example",
                dependencies: [.package(url: "../../", branch: "main")],
                targets: [.executableTarget(name: "Game", dependencies: [.product(name: "Core", package: "llbuild")])]
            )
            """
        ).package
        #expect(package.dependencies.map(\.url) == ["../.."])
    }
}
